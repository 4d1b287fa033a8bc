import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, startBuiltServer } from '../test/helpers/built-console.js';
import { startWebhookReceiver } from '../test/helpers/webhook-receiver.js';
import { fmt, load, machine, quantile } from './lib/measure.js';

// Fair delivery measured (docs/webhooks.md "Fair delivery", docs/performance.md "Webhook
// fairness"): organization B's delivery latency, from its test event being queued (the API's
// answer) to its receiver on loopback reading the request, one delivery at a time, with the
// built server in its own process running its own delivery job. The floor is B alone; the row
// that matters is B while organization A's endpoint accepts connections and never answers, with
// 100 of A's events queued before B's. The target (issue 50): B's p99 under 1 s.

const { values: flags } = parseArgs({ options: { deliveries: { type: 'string', default: '60' }, interval: { type: 'string', default: '100' }, help: { type: 'boolean', default: false } } });
const deliveries = Number(flags.deliveries);
if (flags.help || !(deliveries >= 50)) {
  console.log('npm run bench:webhook-fairness [-- --deliveries 60 --interval 100]   (at least 50 deliveries; interval: WEBHOOK_INTERVAL_MS)');
  process.exit(flags.help ? 0 : 2);
}

const TARGET_P99_MS = 1000;
const HANGING_QUEUED = 100;

ensureBuilt();
const workDir = await mkdtemp(join(tmpdir(), 'qd-bench-webhooks-'));
const adminToken = `qda_${randomBytes(24).toString('hex')}`;
const server = await startBuiltServer({
  DATA_DIR: join(workDir, 'data'),
  ADMIN_TOKEN: adminToken,
  RATE_LIMIT_PER_MINUTE: '10000000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_INTERVAL_MS: flags.interval!,
  // The longest deadline: A's attempts stay open through the measurement, as a receiver that never answers.
  WEBHOOK_TIMEOUT_MS: '60000',
});
const healthy = await startWebhookReceiver();
const hanging = await startWebhookReceiver();
hanging.respond = () => undefined;

async function call<T>(method: string, path: string, key: string, body?: object): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const organization = async (name: string) => (await call<{ apiKey: string }>('POST', '/admin/v1/organizations', adminToken, { name, ownerEmail: `${name.toLowerCase()}@example.test` })).apiKey;
const endpoint = async (key: string, url: string) => (await call<{ webhook: { id: string } }>('POST', '/api/v0/webhooks', key, { url })).webhook.id;

/** Each delivery's milliseconds from its queuing to its arrival, one at a time. */
async function latencies(key: string, webhookId: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const arrivedBefore = healthy.received.length;
    const queued = performance.now();
    const { delivery } = await call<{ delivery: { id: string } }>('POST', `/api/v0/webhooks/${webhookId}/test`, key);
    while (!healthy.received.slice(arrivedBefore).some((request) => request.headers['webhook-id'] === delivery.id)) {
      if (performance.now() - queued > 30_000) throw new Error(`delivery ${delivery.id} did not arrive in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    times.push(performance.now() - queued);
  }
  return times;
}

try {
  const [a, b] = [await organization('Stalling'), await organization('Waiting')];
  const bEndpoint = await endpoint(b, `${healthy.url}/b`);
  await latencies(b, bEndpoint, 5); // warm-up
  const alone = await latencies(b, bEndpoint, deliveries);

  const aEndpoint = await endpoint(a, `${hanging.url}/never-answers`);
  for (let i = 0; i < HANGING_QUEUED; i++) await call('POST', `/api/v0/webhooks/${aEndpoint}/test`, a);
  const started = performance.now();
  while (hanging.received.length === 0 && performance.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 5));
  const contended = await latencies(b, bEndpoint, deliveries);

  console.log(`webhook fairness: ${deliveries} deliveries per row, one at a time, WEBHOOK_INTERVAL_MS=${flags.interval}; ${machine()}; ${load()}`);
  console.log(`${'row'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p99 / floor'.padStart(12)}`);
  const floorP99 = quantile(alone, 0.99);
  for (const [label, times] of [
    ['floor: B alone', alone],
    [`B while A hangs (${HANGING_QUEUED} queued, ${hanging.received.length} attempts open)`, contended],
  ] as const) {
    console.log(`${label.padEnd(58)} ${fmt(quantile(times, 0.5)).padStart(8)} ${fmt(quantile(times, 0.99)).padStart(8)} ${fmt(quantile(times, 0.99) / floorP99, 2).padStart(12)}`);
  }
  console.log(`target p99 < ${TARGET_P99_MS} ms while A hangs: ${quantile(contended, 0.99) < TARGET_P99_MS ? 'MET' : 'NOT MET'}`);
} finally {
  await hanging.close();
  await healthy.close();
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}
