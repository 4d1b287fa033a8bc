import type { components, paths } from './openapi.js';
import { backoffMs, sleep } from './retry.js';

// The Quarterdeck SDK: one typed `request` for every endpoint (types generated from the server's
// OpenAPI document), iterators over the three pagination styles (`paginate`,
// `paginateAnalyticsUsers`, `paginateReadinessReports`), retries on 429 / 503 honouring
// Retry-After, and typed errors carrying the error body. fetch only: Node 18+ and browsers.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ErrorBody = components['schemas']['ErrorBody'];
/** A person's own preferences (GET/PATCH /api/v0/organization/users/me/preferences). */
export type Preferences = components['schemas']['Preferences'];

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;
type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;
/** The body of the operation's success answer (200, 201 or 202; undefined for 204). */
export type SuccessBody<O> = Responses<O> extends infer R
  ? 200 extends keyof R ? JsonContent<R[200]> : 201 extends keyof R ? JsonContent<R[201]> : 202 extends keyof R ? JsonContent<R[202]> : undefined
  : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [never | undefined] ? never : Q) : never;
type PathOf<O> = O extends { parameters: { path: infer P } } ? ([P] extends [never | undefined] ? never : P) : never;
type BodyOf<O> = O extends { requestBody?: infer B } ? JsonContent<NonNullable<B>> : never;

/** Paths that have the given method. */
export type PathsWith<M extends HttpMethod> = { [P in keyof paths]: paths[P][M] extends undefined | never ? never : P }[keyof paths];

type PathPart<P> = [P] extends [never] ? { path?: never } : { path: P };
type QueryPart<Q> = [Q] extends [never] ? { query?: never } : { query?: Q };
type BodyPart<B> = [B] extends [never] ? { body?: never } : [B] extends [undefined] ? { body?: never } : { body: B };
/** The JSON body an endpoint takes, and its query: for callers that assemble them at run time. */
export type RequestBody<P extends keyof paths, M extends HttpMethod> = BodyOf<Operation<P, M>>;
export type RequestQuery<P extends keyof paths, M extends HttpMethod> = QueryOf<Operation<P, M>>;
export type RequestOptions<O> = PathPart<PathOf<O>> & QueryPart<QueryOf<O>> & BodyPart<BodyOf<O>> & { headers?: Record<string, string>; signal?: AbortSignal };

export class QuarterdeckError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(`${body.status} ${body.title}: ${body.detail}`);
    this.status = body.status;
    this.body = body;
  }

  get requestId(): string {
    return this.body.requestId;
  }
}

export interface ClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** An API key (qd_...) or an access token. */
  apiKey?: string;
  /**
   * In the web console (no apiKey; the browser sends the session cookie): the session's CSRF
   * token, sent as X-CSRF-Token on every state-changing request. Read on each request.
   */
  csrfToken?: () => string | undefined;
  /** Retries of a 429 or 503 answer (and of network errors on idempotent methods). Default 3. */
  maxRetries?: number;
  /** Longest wait between two tries, in ms. Default 30 s. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
}

const IDEMPOTENT: readonly string[] = ['get', 'put', 'delete'];

const RETRY_BASE_MS = 250;

export class QuarterdeckClient {
  private readonly baseUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Calls one endpoint: `client.request('get', '/api/v0/computers/{computerId}', { path: { computerId } })`. */
  async request<M extends HttpMethod, P extends PathsWith<M>>(method: M, path: P, options: RequestOptions<Operation<P, M>>): Promise<SuccessBody<Operation<P, M>>> {
    const response = await this.send(method, path, options as RawRequest);
    if (response.status === 204) return undefined as SuccessBody<Operation<P, M>>;
    return (await response.json()) as SuccessBody<Operation<P, M>>;
  }

  /** Like `request`, for answers that are not JSON (e.g. `Accept: text/csv`). */
  async requestText<M extends HttpMethod, P extends PathsWith<M>>(method: M, path: P, options: RequestOptions<Operation<P, M>>): Promise<string> {
    return (await this.send(method, path, options as RawRequest)).text();
  }

  /**
   * Every item of a v0 list (`limit` + `cursor`, answers `{<items>, pagination}`), page after page.
   */
  async *paginate<P extends PathsWith<'get'>, K extends keyof SuccessBody<Operation<P, 'get'>>>(
    path: P,
    itemsKey: K,
    options: RequestOptions<Operation<P, 'get'>>,
  ): AsyncGenerator<SuccessBody<Operation<P, 'get'>>[K] extends readonly (infer T)[] ? T : never> {
    let cursor: string | undefined;
    do {
      const query = { ...(options.query as object), ...(cursor ? { cursor } : {}) };
      const page = (await this.send('get', path, { ...(options as RawRequest), query })) as Response;
      const body = (await page.json()) as Record<string, unknown> & { pagination: { hasMore: boolean; nextCursor: string | null } };
      for (const item of body[itemsKey as string] as never[]) yield item;
      cursor = body.pagination.hasMore && body.pagination.nextCursor ? body.pagination.nextCursor : undefined;
    } while (cursor);
  }

  /**
   * Every row of `/api/v1/analytics/users`, page after page: while `meta.has_more`, the next page
   * is asked with `cursor` = `meta.next_cursor` and the same other parameters.
   */
  async *paginateAnalyticsUsers(options: RequestOptions<Operation<'/api/v1/analytics/users', 'get'>>): AsyncGenerator<AnalyticsUserRow> {
    let cursor: string | undefined;
    do {
      const query = { ...options.query, ...(cursor ? { cursor } : {}) } as AnalyticsUsersQuery;
      const page = await this.request('get', '/api/v1/analytics/users', { ...options, query });
      yield* page.data;
      cursor = page.meta.has_more && page.meta.next_cursor ? page.meta.next_cursor : undefined;
    } while (cursor);
  }

  /**
   * Every readiness report (newest first), page after page: the next page starts after the last
   * `reportId`; a page shorter than `limit` is the last one.
   */
  async *paginateReadinessReports(options: { query?: Partial<ReadinessQuery>; headers?: Record<string, string> } = {}): AsyncGenerator<ReadinessReport> {
    const limit = options.query?.limit ?? 100;
    let startAfter = options.query?.startAfter;
    for (;;) {
      const query = { ...options.query, limit, ...(startAfter ? { startAfter } : {}) } as ReadinessQuery;
      const page = await this.request('get', '/api/organization/maturity-level-reports', { query, ...(options.headers ? { headers: options.headers } : {}) });
      yield* page.reports;
      const last = page.reports.at(-1);
      if (page.reports.length < limit || !last) return;
      startAfter = last.reportId;
    }
  }

  private async send(method: string, path: string, options: RawRequest): Promise<Response> {
    const url = new URL(this.baseUrl + expandPath(path, options.path));
    for (const [name, value] of Object.entries(options.query ?? {})) {
      // An array is the parameter repeated (the audit log's `action`).
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
      else if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const csrfToken = method === 'get' ? undefined : this.options.csrfToken?.();
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const maxRetries = this.options.maxRetries ?? 3;
    const backoff = { baseMs: RETRY_BASE_MS, maxMs: this.options.maxRetryDelayMs ?? 30_000 };
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetcher(url, {
          method: method.toUpperCase(),
          headers,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (attempt < maxRetries && IDEMPOTENT.includes(method) && !options.signal?.aborted) {
          await sleep(backoffMs(attempt, backoff));
          continue;
        }
        throw error;
      }
      if ((response.status === 429 || response.status === 503) && attempt < maxRetries) {
        await response.body?.cancel();
        await sleep(backoffMs(attempt, backoff, response.headers.get('retry-after')));
        continue;
      }
      if (response.ok) return response;
      throw new QuarterdeckError(await errorBodyOf(response));
    }
  }
}

type AnalyticsUsersQuery = NonNullable<QueryOf<Operation<'/api/v1/analytics/users', 'get'>>>;
export type AnalyticsUserRow = NonNullable<SuccessBody<Operation<'/api/v1/analytics/users', 'get'>>>['data'][number];
export type AnalyticsRepositoryRow = NonNullable<SuccessBody<Operation<'/api/v1/analytics/repositories', 'get'>>>['data'][number];
export type AnalyticsOutcomesRow = NonNullable<SuccessBody<Operation<'/api/v1/analytics/outcomes', 'get'>>>['data'][number];
export type AnalyticsAttributedCostRow = NonNullable<SuccessBody<Operation<'/api/v1/analytics/attributed-costs', 'get'>>>['data'][number];
export type AnalyticsTodayRow = NonNullable<SuccessBody<Operation<'/api/v1/analytics/today', 'get'>>>['data'][number];
type ReadinessQuery = NonNullable<QueryOf<Operation<'/api/organization/maturity-level-reports', 'get'>>>;
export type ReadinessReport = NonNullable<SuccessBody<Operation<'/api/organization/maturity-level-reports', 'get'>>>['reports'][number];

interface RawRequest {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function expandPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as ErrorBody;
    if (typeof body.status === 'number' && typeof body.detail === 'string') return body;
  } catch {
    // not the error body: described below
  }
  return { title: response.statusText || 'Error', detail: text.slice(0, 500) || `HTTP ${response.status}`, status: response.status, requestId: response.headers.get('x-request-id') ?? '' };
}
