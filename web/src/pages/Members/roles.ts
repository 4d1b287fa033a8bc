import type { Role } from '../../api/client';

// The API's role rules, mirrored so the page offers only what the server will accept.

export const ROLES: readonly Role[] = ['owner', 'manager', 'member', 'guest'];

/** Roles the actor may grant: only an owner grants owner. */
export function grantableRoles(actor: Role): Role[] {
  return ROLES.filter((role) => role !== 'owner' || actor === 'owner');
}

/** Only an owner changes, invites or deactivates an owner. */
export function mayManage(actor: Role, subject: Role): boolean {
  return subject !== 'owner' || actor === 'owner';
}
