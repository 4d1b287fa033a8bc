import autocannon from 'autocannon';

// The load generator of bench/control-plane.ts, in its own process: one autocannon run described
// by the JSON in argv[2] ({url, method, headers, connections, seconds}); prints its result as JSON.

interface LoadCase {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx, and connection errors and timeouts. */
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadCase;
const result = await autocannon({
  url: spec.url,
  method: spec.method ?? 'GET',
  headers: spec.headers ?? {},
  connections: spec.connections,
  duration: spec.seconds,
});
const statusCodes: Record<string, number> = {};
for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats?.count ?? 0;
const answer: LoadResult = {
  requestsPerSecond: result.requests.total / spec.seconds,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  statusCodes,
};
console.log(JSON.stringify(answer));
