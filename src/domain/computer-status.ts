import { DomainError, invalidInput } from './errors.js';

// Provisioning steps and the computer status derived from them (decisions.md §7): the one place
// for these rules.

export const STEP_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const COMPUTER_STATUSES = ['provisioning', 'active', 'error'] as const;
export type ComputerStatus = (typeof COMPUTER_STATUSES)[number];

/** Every computer starts with these steps, in this order, all pending. */
export const INITIAL_STEPS = [
  { id: 'connect', name: 'Connect to the computer' },
  { id: 'install-deps', name: 'Install dependencies' },
] as const;

export const INSTALL_DEPS_STEP = 'install-deps';

// A finished step may run again (a retry); a running step only finishes. A report of the
// status a step already has is a conflict too, so an agent learns it is out of step.
const NEXT: Record<StepStatus, readonly StepStatus[]> = {
  pending: ['running', 'completed', 'failed'],
  running: ['completed', 'failed'],
  completed: ['running'],
  failed: ['running'],
};

export interface StepState {
  status: StepStatus;
  error: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
}

export function computerStatus(steps: readonly { status: StepStatus }[]): ComputerStatus {
  if (steps.some((step) => step.status === 'failed')) return 'error';
  if (steps.every((step) => step.status === 'completed')) return 'active';
  return 'provisioning';
}

/** The step after moving to `to`, with its timestamps; step_transition_invalid for an illegal move. */
export function moveStep(step: StepState, to: StepStatus, now: Date, error?: string): StepState {
  if (error !== undefined && to !== 'failed') throw invalidInput('error is only given with status failed', [{ path: 'body/error', message: 'only with status failed' }]);
  if (!NEXT[step.status].includes(to)) throw new DomainError('step_transition_invalid', `a ${step.status} step cannot become ${to}`);
  switch (to) {
    case 'running':
      return { status: to, error: null, startedAt: now, completedAt: null };
    case 'completed':
      return { status: to, error: null, startedAt: step.startedAt ?? now, completedAt: now };
    case 'failed':
      return { status: to, error: error ?? 'failed', startedAt: step.startedAt ?? now, completedAt: now };
    case 'pending':
      throw new DomainError('step_transition_invalid', 'a step never returns to pending');
  }
}

/** The user's retry of the install-deps step: only once it has finished (completed or failed). */
export function retryInstallDeps(step: StepState, now: Date): StepState {
  if (step.status === 'pending' || step.status === 'running') throw new DomainError('step_transition_invalid', `install-deps is ${step.status}; retry it once it has completed or failed`);
  return moveStep(step, 'running', now);
}
