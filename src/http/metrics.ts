import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { ApiError } from './errors.js';
import { bearerToken } from './auth.js';
import { sameSecret } from '../domain/credentials.js';
import type { SharedRedis } from '../services/shared-redis.js';
import type { ReadReplicas } from '../db/read-replicas.js';

// Prometheus metrics: request counts and latencies by route template and status.

/** `owned`: metrics the services keep themselves (what telemetry retention dropped), served with these. */
export function installMetrics(app: FastifyInstance, metricsToken: string | undefined, redis: SharedRedis | undefined, readReplicas?: ReadReplicas, owned: readonly Metric[] = []): Registry {
  const registry = new Registry();
  for (const metric of owned) registry.registerMetric(metric);
  collectDefaultMetrics({ register: registry });
  // 1 while REDIS_URL is set and Redis does not answer: the rate limits let everything through.
  new Gauge({
    name: 'quarterdeck_rate_limits_open',
    help: 'Rate limits not enforced because their Redis is unavailable (1) or enforced (0)',
    registers: [registry],
    collect() {
      this.set(redis && !redis.up ? 1 : 0);
    },
  });
  if (readReplicas) installReadReplicaMetrics(registry, readReplicas);
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The series of each method, route and status, looked up once: labelling a series hashes its labels.
  const series = new Map<string, { requests: ReturnType<typeof requests.labels>; latency: ReturnType<typeof latency.labels> }>();
  app.addHook('onResponse', (request, reply, done) => {
    const [method, route, status] = [request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode)];
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = { requests: requests.labels(method, route, status), latency: latency.labels(method, route, status) }));
    found.requests.inc();
    found.latency.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (metricsToken) {
      const token = bearerToken(request);
      if (!token || !sameSecret(token, metricsToken)) throw new ApiError('unauthorized', 'metrics token required');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/** With DATABASE_READ_URL: which replicas the analytics reads use, their lag, and where reads went. */
function installReadReplicaMetrics(registry: Registry, readReplicas: ReadReplicas): void {
  new Gauge({
    name: 'quarterdeck_read_replica_in_use',
    help: 'Read replica used by the analytics reads (1), or taken out (0): unreachable, lagging or not a standby',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const state of readReplicas.states()) this.set({ replica: state.name }, state.inUse ? 1 : 0);
    },
  });
  new Gauge({
    name: 'quarterdeck_read_replica_lag_seconds',
    help: 'How long the read replica has been behind WAL the primary had written (-1 while unreachable)',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const state of readReplicas.states()) this.set({ replica: state.name }, state.lagSeconds ?? -1);
    },
  });
  // Counted by ReadReplicas; reported here as the increase since the last scrape.
  const reported = { replica: 0, primary: 0 };
  new Counter({
    name: 'quarterdeck_analytics_reads_total',
    help: 'Analytics reads (connections taken) by where they ran: a read replica or the primary',
    labelNames: ['target'],
    registers: [registry],
    collect() {
      for (const target of ['replica', 'primary'] as const) {
        this.inc({ target }, readReplicas.reads[target] - reported[target]);
        reported[target] = readReplicas.reads[target];
      }
    },
  });
  let reportedRetried = 0;
  new Counter({
    name: 'quarterdeck_analytics_reads_retried_total',
    help: 'Analytics reads a read replica failed (gone away, or cancelling them to replay) and the primary answered instead',
    registers: [registry],
    collect() {
      this.inc(readReplicas.reads.retried - reportedRetried);
      reportedRetried = readReplicas.reads.retried;
    },
  });
}
