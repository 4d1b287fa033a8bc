import type { Static } from '@sinclair/typebox';
import type { Db } from '../../../db/store.js';
import { computerStatus } from '../../../domain/computer-status.js';
import { isManager } from '../../../domain/roles.js';
import type { UserPrincipal } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import type { Computer } from '../../../http/schemas.js';
import { findComputer, type ComputerRecord } from '../../../repositories/computers.js';

// Who may act on what (decisions.md §2): owner/manager on everything of the organization, a
// member on what it owns. What a caller may not act on is 404, never 403.

export function mayActOn(principal: UserPrincipal, ownerUserId: string): boolean {
  return isManager(principal.role) || ownerUserId === principal.userId;
}

/** The list filter for the caller: everything, or only what it owns. */
export function ownedByFilter(principal: UserPrincipal): { ownerUserId?: string } {
  return isManager(principal.role) ? {} : { ownerUserId: principal.userId };
}

export async function visibleComputer(db: Db, principal: UserPrincipal, computerId: string): Promise<ComputerRecord> {
  const computer = await findComputer(db, principal.organizationId, computerId);
  if (!computer || !mayActOn(principal, computer.ownerUserId)) throw notFound('computer');
  return computer;
}

export function computerView(computer: ComputerRecord): Static<typeof Computer> {
  return {
    id: computer.id,
    name: computer.name,
    providerType: computer.providerType as 'byom' | 'hosted',
    createdAt: computer.createdAt.getTime(),
    ...(computer.hostId !== null ? { hostId: computer.hostId } : {}),
    ...(computer.hostname !== null ? { hostname: computer.hostname } : {}),
    ...(computer.remoteUser !== null ? { remoteUser: computer.remoteUser } : {}),
    status: computerStatus(computer.steps),
    provisioningSteps: computer.steps.map((step) => ({
      id: step.id,
      name: step.name,
      status: step.status,
      ...(step.error !== null ? { error: step.error } : {}),
      ...(step.startedAt ? { startedAt: step.startedAt.getTime() } : {}),
      ...(step.completedAt ? { completedAt: step.completedAt.getTime() } : {}),
    })),
    ownerPrincipalKind: 'user',
    ownerId: computer.ownerUserId,
    repos: computer.repos,
    autoInstallDeps: computer.autoInstallDeps,
  };
}
