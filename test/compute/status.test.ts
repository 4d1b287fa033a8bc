import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computerStatus, moveStep, retryInstallDeps, STEP_STATUSES, type StepState } from '../../src/domain/computer-status.js';
import { nextSessionStatus, SESSION_STATUSES } from '../../src/domain/session-status.js';
import { DomainError } from '../../src/domain/errors.js';

// The two state machines, step by step, without a server.

const at = new Date('2026-03-01T10:00:00Z');
const later = new Date('2026-03-01T10:05:00Z');
const pending: StepState = { status: 'pending', error: null, startedAt: null, completedAt: null };

/** The domain error code `fn` throws (undefined when it returns). */
function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code;
  }
}

describe('session status machine', () => {
  it('goes idle -> pending -> running -> idle', () => {
    expect(nextSessionStatus('idle', { kind: 'queue' })).toBe('pending');
    expect(nextSessionStatus('pending', { kind: 'claim' })).toBe('running');
    expect(nextSessionStatus('running', { kind: 'finish', moreQueued: false })).toBe('idle');
  });

  it('stays pending or running when more messages are queued, and finishes to pending when some wait', () => {
    expect(nextSessionStatus('pending', { kind: 'queue' })).toBe('pending');
    expect(nextSessionStatus('running', { kind: 'queue' })).toBe('running');
    expect(nextSessionStatus('running', { kind: 'finish', moreQueued: true })).toBe('pending');
  });

  it('refuses claiming a session that is not pending and finishing one that is not running (409)', () => {
    expect(codeOf(() => nextSessionStatus('idle', { kind: 'claim' }))).toBe('session_not_pending');
    expect(codeOf(() => nextSessionStatus('running', { kind: 'claim' }))).toBe('session_not_pending');
    expect(codeOf(() => nextSessionStatus('idle', { kind: 'finish', moreQueued: false }))).toBe('session_not_running');
    expect(codeOf(() => nextSessionStatus('pending', { kind: 'finish', moreQueued: true }))).toBe('session_not_running');
  });

  it('only ever yields a known status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SESSION_STATUSES), fc.constantFrom('queue', 'claim', 'finish'), fc.boolean(), (status, kind, more) => {
        try {
          const next = nextSessionStatus(status, kind === 'finish' ? { kind, moreQueued: more } : { kind } as never);
          expect(SESSION_STATUSES).toContain(next);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
    );
  });
});

describe('provisioning steps', () => {
  it('sets timestamps on each move', () => {
    const running = moveStep(pending, 'running', at);
    expect(running).toEqual({ status: 'running', error: null, startedAt: at, completedAt: null });
    expect(moveStep(running, 'completed', later)).toEqual({ status: 'completed', error: null, startedAt: at, completedAt: later });
    expect(moveStep(running, 'failed', later, 'apt failed')).toEqual({ status: 'failed', error: 'apt failed', startedAt: at, completedAt: later });
    expect(moveStep(pending, 'completed', later)).toMatchObject({ startedAt: later, completedAt: later });
  });

  it('refuses illegal moves with 409 and an error on a non-failed status with 400', () => {
    const running = moveStep(pending, 'running', at);
    expect(codeOf(() => moveStep(running, 'running', later))).toBe('step_transition_invalid');
    expect(codeOf(() => moveStep(running, 'pending', later))).toBe('step_transition_invalid');
    expect(codeOf(() => moveStep(pending, 'pending', later))).toBe('step_transition_invalid');
    expect(codeOf(() => moveStep(moveStep(running, 'completed', later), 'completed', later))).toBe('step_transition_invalid');
    expect(codeOf(() => moveStep(pending, 'running', at, 'oops'))).toBe('invalid_input');
  });

  it('retries install-deps only once finished, clearing completion and error', () => {
    const failed = moveStep(moveStep(pending, 'running', at), 'failed', at, 'boom');
    expect(retryInstallDeps(failed, later)).toEqual({ status: 'running', error: null, startedAt: later, completedAt: null });
    expect(codeOf(() => retryInstallDeps(pending, later))).toBe('step_transition_invalid');
    expect(codeOf(() => retryInstallDeps(moveStep(pending, 'running', at), later))).toBe('step_transition_invalid');
  });

  it('derives the computer status: any failed is error, all completed is active, else provisioning', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEP_STATUSES), { minLength: 1, maxLength: 5 }), (statuses) => {
        const status = computerStatus(statuses.map((s) => ({ status: s })));
        if (statuses.includes('failed')) expect(status).toBe('error');
        else if (statuses.every((s) => s === 'completed')) expect(status).toBe('active');
        else expect(status).toBe('provisioning');
      }),
    );
  });
});
