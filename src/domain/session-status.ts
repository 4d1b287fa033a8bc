import { DomainError } from './errors.js';

// The session (agent execution) status machine of decisions.md §8, the one place for it:
// idle -> pending when a user message is queued -> running when an agent claims it -> idle when
// the agent finishes (or pending again when more user messages wait).

export const SESSION_STATUSES = ['idle', 'pending', 'running'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export type SessionEvent =
  /** A user message was queued. A run in progress keeps running; the message waits. */
  | { kind: 'queue' }
  /** An agent claimed the oldest queued message. */
  | { kind: 'claim' }
  /** The agent finished its run; `moreQueued` tells whether user messages still wait. */
  | { kind: 'finish'; moreQueued: boolean };

export function nextSessionStatus(current: SessionStatus, event: SessionEvent): SessionStatus {
  switch (event.kind) {
    case 'queue':
      return current === 'running' ? 'running' : 'pending';
    case 'claim':
      if (current !== 'pending') throw new DomainError('session_not_pending', `a ${current} session has nothing to claim`);
      return 'running';
    case 'finish':
      if (current !== 'running') throw new DomainError('session_not_running', `the session is ${current}, not running`);
      return event.moreQueued ? 'pending' : 'idle';
  }
}
