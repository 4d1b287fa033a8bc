// Roles and what each may do: the single place for role rules (decisions.md §2).

export const ROLES = ['owner', 'manager', 'member', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** Owner and manager act on everything in their organization. */
export const MANAGERS: readonly Role[] = ['owner', 'manager'];
/** Members and up may own computers and sessions. */
export const MEMBERS: readonly Role[] = ['owner', 'manager', 'member'];
export const EVERYONE: readonly Role[] = ROLES;

export function isManager(role: Role): boolean {
  return MANAGERS.includes(role);
}

/** Only an owner grants the owner role or changes/removes an owner. */
export function mayAssignRole(actor: Role, target: Role): boolean {
  return isManager(actor) && (target !== 'owner' || actor === 'owner');
}

export function mayManageUser(actor: Role, subjectRole: Role): boolean {
  return isManager(actor) && (subjectRole !== 'owner' || actor === 'owner');
}

/** Strictly above in owner > manager > member > guest. */
export function outranks(actor: Role, subject: Role): boolean {
  return ROLES.indexOf(actor) < ROLES.indexOf(subject);
}
