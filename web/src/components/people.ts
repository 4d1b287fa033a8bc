// How the console names a person: their display name, else their e-mail (docs/members.md "Names").

export interface Person {
  name: string | null;
  email: string;
}

export function nameOf(person: Person): string {
  return person.name || person.email;
}

/** The e-mail as secondary text, when the name is not already the e-mail. */
export function secondaryEmail(person: Person): string | null {
  return person.name ? person.email : null;
}
