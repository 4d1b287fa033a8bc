import { isManager, type Role } from './roles.js';

// Who may act on what (decisions.md §2), the one place for it: owner/manager on everything of
// the organization, a member on what it owns. What a caller may not act on is not found, never
// forbidden, so nothing leaks its existence.

/** The user acting: any authenticated principal carries these. */
export interface Actor {
  organizationId: string;
  userId: string;
  role: Role;
}

export function mayActOn(actor: Actor, ownerUserId: string): boolean {
  return isManager(actor.role) || ownerUserId === actor.userId;
}

/** The list filter for the actor: everything, or only what it owns. */
export function ownedByFilter(actor: Actor): { ownerUserId?: string } {
  return isManager(actor.role) ? {} : { ownerUserId: actor.userId };
}
