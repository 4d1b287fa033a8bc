import type { User } from '../../api/client';

// A member's lifecycle as the members table shows it (docs/members.md).

export type MemberStatus = User['status'];
export const STATUS_FILTERS = ['all', 'invited', 'active', 'deactivated'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_LABELS: Record<MemberStatus, string> = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' };
export const STATUS_COLORS: Record<MemberStatus, string> = { invited: 'blue', active: 'green', deactivated: 'gray' };

/** An invited person whose link has run out: they need a new one before they can sign in. */
export function invitationExpired(user: User, now: number = Date.now()): boolean {
  return user.status === 'invited' && user.invitationExpiresAt !== null && user.invitationExpiresAt <= now;
}

export function matchesFilter(user: User, filter: StatusFilter): boolean {
  return filter === 'all' || user.status === filter;
}
