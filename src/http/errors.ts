// The one error table: every error the API returns has a code here, and its HTTP status and
// title come only from this table. Bodies are always {title, detail, status, requestId} (+ errors).

export const ERRORS = {
  bad_request: { status: 400, title: 'Bad Request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  payment_required: { status: 402, title: 'Credit Limit Reached' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  request_timeout: { status: 408, title: 'Request Timeout' },
  conflict: { status: 409, title: 'Conflict' },
  precondition_failed: { status: 412, title: 'Precondition Failed' },
  payload_too_large: { status: 413, title: 'Payload Too Large' },
  uri_too_long: { status: 414, title: 'URI Too Long' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  headers_too_large: { status: 431, title: 'Request Header Fields Too Large' },
  internal: { status: 500, title: 'Internal Server Error' },
  unavailable: { status: 503, title: 'Service Unavailable' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  path: string;
  message: string;
}

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

export const badRequest = (detail: string, errors?: FieldError[]) => new ApiError('bad_request', detail, errors ? { errors } : {});
export const notFound = (what: string) => new ApiError('not_found', `${what} not found`);
export const forbidden = (detail: string) => new ApiError('forbidden', detail);
export const conflict = (detail: string) => new ApiError('conflict', detail);

export function errorCodeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERRORS) as ErrorCode[]).find((code) => ERRORS[code].status === status);
  if (match) return match;
  return status >= 500 ? 'internal' : 'bad_request';
}
