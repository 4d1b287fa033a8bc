import type { ListedUser, User } from '../../api/client';

// A member's standing as the members table shows it (docs/members.md "Console"): the API's
// lifecycle status, with console sign-in told apart from agent activity — a member whose agents
// send telemetry but who never signed in to the console is active through agents, not invited.

export type Presence = 'invited' | 'agents' | 'signedIn' | 'deactivated';
export const STATUS_FILTERS = ['all', 'invited', 'agents', 'signedIn', 'deactivated'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const PRESENCE_LABELS: Record<Presence, string> = { invited: 'Invited', agents: 'Active through agents', signedIn: 'Signed in', deactivated: 'Deactivated' };
export const FILTER_LABELS: Record<StatusFilter, string> = { all: 'All', invited: 'Invited', agents: 'Through agents', signedIn: 'Signed in', deactivated: 'Deactivated' };
export const EMPTY_FILTER: Record<StatusFilter, string> = { all: 'No members yet', invited: 'No invited members', agents: 'No members active through agents only', signedIn: 'No signed-in members', deactivated: 'No deactivated members' };
export const PRESENCE_COLORS: Record<Presence, string> = { invited: 'blue', agents: 'teal', signedIn: 'green', deactivated: 'gray' };

export function presenceOf(user: ListedUser): Presence {
  if (user.status === 'deactivated') return 'deactivated';
  if (user.status === 'active') return 'signedIn';
  return user.lastActivityDay ? 'agents' : 'invited';
}

/** An invited person whose link has run out: they need a new one before they can sign in. */
export function invitationExpired(user: User, now: number = Date.now()): boolean {
  return user.status === 'invited' && user.invitationExpiresAt !== null && user.invitationExpiresAt <= now;
}

export function matchesFilter(user: ListedUser, filter: StatusFilter): boolean {
  return filter === 'all' || presenceOf(user) === filter;
}
