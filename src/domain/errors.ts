// The domain's error vocabulary: what went wrong in the terms of the product, with no HTTP in it.
// src/http/errors.ts maps each code to a status and title, once.

export const DOMAIN_ERROR_CODES = [
  /** The input breaks a rule of the request's shape or values; `errors` names the fields. */
  'invalid_input',
  /** No such thing, or the caller may not see it (never an existence leak). */
  'not_found',
  /** The caller's role may not do this. */
  'role_not_permitted',
  /** An organization's policy (enterprise controls) refuses this. */
  'policy_refused',
  /** The user's credits this month reached its effective limit. */
  'credit_limit_reached',
  /** The e-mail belongs to another user of the organization. */
  'email_taken',
  /** The user is deactivated. */
  'user_inactive',
  /** The change would leave the organization without an active owner. */
  'last_owner',
  /** A user message needs a computer, and the session names none. */
  'session_without_computer',
  /** A claim found the session with nothing queued. */
  'session_not_pending',
  /** The session has no run in progress (on this computer). */
  'session_not_running',
  /** The run an agent names is over: finished, its lease lapsed, or interrupted. */
  'run_lost',
  /** An idle session has nothing to interrupt. */
  'session_idle',
  /** A provisioning step cannot move to the status asked for. */
  'step_transition_invalid',
  /** A telemetry identity already counts for another member. */
  'identity_linked_elsewhere',
  /** The team name (or external id) belongs to another team of the organization. */
  'team_taken',
  /** The user is already a member of the team. */
  'team_member_exists',
  /** The webhook endpoint is disabled. */
  'webhook_disabled',
  /** The scope (the organization, or the team) already has a budget. */
  'budget_exists',
  /** A batch carries more items than one request may. */
  'batch_too_large',
  /** An allowed e-mail domain of single sign-on belongs to another organization. */
  'sso_domain_taken',
  /** The repository is already on the organization's readiness list. */
  'readiness_repository_listed',
  /** The readiness evaluation is not running on this computer (finished, or its lease lapsed). */
  'evaluation_not_running',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface FieldError {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(code: DomainErrorCode, detail: string, errors?: FieldError[]) {
    super(detail);
    this.code = code;
    this.errors = errors;
  }
}

export const invalidInput = (detail: string, errors?: FieldError[]) => new DomainError('invalid_input', detail, errors);

/** Throws invalid_input naming the first field error, when there is any. */
export function rejectFieldErrors(errors: readonly FieldError[]): void {
  const first = errors[0];
  if (first) throw invalidInput(`${first.path}: ${first.message}`, [...errors]);
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
