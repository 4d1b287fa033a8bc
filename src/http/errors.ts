import type { DomainErrorCode, FieldError } from '../domain/errors.js';

// The one error table: every error the API returns has a code here, and its HTTP status and
// title come only from this table. Bodies are always {title, detail, status, requestId} (+ errors).
// Domain errors (src/domain/errors.ts) reach HTTP through DOMAIN_TO_HTTP below.

/**
 * The gRPC status codes (google.rpc.Code) the table uses: OTLP answers carry one, and the OTLP/gRPC
 * receiver answers with it. OTLP exporters retry UNAVAILABLE only (and RESOURCE_EXHAUSTED when told
 * how long to wait), so only "try again" maps to it: 429 and 503.
 */
export const GRPC = {
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

export const ERRORS = {
  bad_request: { status: 400, title: 'Bad Request', grpc: GRPC.INVALID_ARGUMENT },
  unauthorized: { status: 401, title: 'Unauthorized', grpc: GRPC.UNAUTHENTICATED },
  payment_required: { status: 402, title: 'Credit Limit Reached', grpc: GRPC.FAILED_PRECONDITION },
  forbidden: { status: 403, title: 'Forbidden', grpc: GRPC.PERMISSION_DENIED },
  not_found: { status: 404, title: 'Not Found', grpc: GRPC.NOT_FOUND },
  method_not_allowed: { status: 405, title: 'Method Not Allowed', grpc: GRPC.UNIMPLEMENTED },
  request_timeout: { status: 408, title: 'Request Timeout', grpc: GRPC.DEADLINE_EXCEEDED },
  conflict: { status: 409, title: 'Conflict', grpc: GRPC.FAILED_PRECONDITION },
  precondition_failed: { status: 412, title: 'Precondition Failed', grpc: GRPC.FAILED_PRECONDITION },
  payload_too_large: { status: 413, title: 'Payload Too Large', grpc: GRPC.RESOURCE_EXHAUSTED },
  uri_too_long: { status: 414, title: 'URI Too Long', grpc: GRPC.INVALID_ARGUMENT },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type', grpc: GRPC.INVALID_ARGUMENT },
  rate_limited: { status: 429, title: 'Too Many Requests', grpc: GRPC.UNAVAILABLE },
  headers_too_large: { status: 431, title: 'Request Header Fields Too Large', grpc: GRPC.INVALID_ARGUMENT },
  internal: { status: 500, title: 'Internal Server Error', grpc: GRPC.INTERNAL },
  unavailable: { status: 503, title: 'Service Unavailable', grpc: GRPC.UNAVAILABLE },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export type { FieldError };

/** Each domain error code as an HTTP error code: the only place the domain meets HTTP. */
export const DOMAIN_TO_HTTP: Record<DomainErrorCode, ErrorCode> = {
  invalid_input: 'bad_request',
  not_found: 'not_found',
  role_not_permitted: 'forbidden',
  policy_refused: 'forbidden',
  credit_limit_reached: 'payment_required',
  email_taken: 'conflict',
  user_inactive: 'conflict',
  last_owner: 'conflict',
  session_without_computer: 'conflict',
  session_not_pending: 'conflict',
  session_not_running: 'conflict',
  run_lost: 'conflict',
  session_idle: 'conflict',
  step_transition_invalid: 'conflict',
  identity_linked_elsewhere: 'conflict',
  team_taken: 'conflict',
  team_member_exists: 'conflict',
  webhook_disabled: 'conflict',
  budget_exists: 'conflict',
  batch_too_large: 'payload_too_large',
  sso_domain_taken: 'conflict',
  readiness_repository_listed: 'conflict',
  evaluation_not_running: 'conflict',
};

/** The one error body. */
export function errorBody(code: ErrorCode, detail: string, requestId: string, errors?: FieldError[]) {
  const { status, title } = ERRORS[code];
  return { title, detail, status, requestId, ...(errors ? { errors } : {}) };
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, detail: string, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(detail);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export function errorCodeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERRORS) as ErrorCode[]).find((code) => ERRORS[code].status === status);
  if (match) return match;
  return status >= 500 ? 'internal' : 'bad_request';
}
