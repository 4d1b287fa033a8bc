import http from 'node:http';
import { generateDemoEvents } from '../../src/demo/generate.js';
import { dayOf } from '../../src/domain/dates.js';
import { timed } from './measure.js';

// Everything the analytics benchmark puts into the server goes through its API: the organization
// (admin API), its users (the owner's key), the demo generator's telemetry (POST
// /api/v1/telemetry/events, the owner attributing each event to its user) and the rollup.

const BATCH = 1000;
/** Users generated at a time (and seeded by block), so the client's memory stays bounded at any scale. */
const USERS_PER_BLOCK = 10;

/** Kept-alive connections, and no client-side timeout: a rollup of a year answers after minutes. */
const agent = new http.Agent({ keepAlive: true });

/** One HTTP call; throws unless the status is one of `expect`. Returns the body's text. */
export function call(url: string, options: { method?: string; token?: string; body?: unknown; expect?: number[] } = {}): Promise<string> {
  const { method = 'GET', token, body, expect = [200] } = options;
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (expect.includes(response.statusCode ?? 0)) resolve(text);
        else reject(new Error(`${method} ${url}: HTTP ${response.statusCode} ${text.slice(0, 500)}`));
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The streams' batches in turns: the first of each stream, then the second of each, and so on. The
 * senders take the next batch as they finish one, so all of them stay busy until the last few
 * batches, and a stream's batches go in order, two at once only when few streams are left. (Until
 * 2026-11-30 each sender sent a whole stream: ten streams of unequal length to four senders left
 * fewer than four sending for 28 % of the reference run's ingestion: docs/performance.md.)
 */
function inTurns(streams: readonly string[][]): string[] {
  const bodies: string[] = [];
  const turns = Math.max(0, ...streams.map((stream) => stream.length));
  for (let turn = 0; turn < turns; turn++) for (const stream of streams) if (turn < stream.length) bodies.push(stream[turn]!);
  return bodies;
}

/** Runs `work` over the items with `clients` concurrent workers. */
async function inParallel<T>(items: T[], clients: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

export interface BenchOrganization {
  id: string;
  apiKey: string;
  /** The owner first, then the members created for the benchmark. */
  userIds: string[];
}

/** A new organization (admin API) with `users` users in all (POST /api/v0/organization/users). */
export async function createOrganization(baseUrl: string, adminToken: string, name: string, users: number, clients: number): Promise<BenchOrganization> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const created = JSON.parse(
    await call(`${baseUrl}/admin/v1/organizations`, { method: 'POST', token: adminToken, body: { name, ownerEmail: `owner@${slug}.example` }, expect: [201] }),
  ) as { organization: { id: string }; owner: { id: string }; apiKey: string };
  const userIds: string[] = Array.from({ length: users });
  userIds[0] = created.owner.id;
  await inParallel(Array.from({ length: users - 1 }, (_, i) => i + 1), clients, async (i) => {
    const body = { email: `user${i}@${slug}.example`, role: 'member' };
    userIds[i] = (JSON.parse(await call(`${baseUrl}/api/v0/organization/users`, { method: 'POST', token: created.apiKey, body, expect: [201] })) as { user: { id: string } }).user.id;
  });
  await createTeams(baseUrl, created.apiKey, userIds, clients);
  return { id: created.organization.id, apiKey: created.apiKey, userIds };
}

/**
 * The teams of /tokens?group_by=team (POST /api/v0/teams and its members): four teams, each a
 * quarter of the users and the next quarter's first tenth, so some members are in two.
 */
async function createTeams(baseUrl: string, apiKey: string, userIds: readonly string[], clients: number): Promise<void> {
  const TEAMS = 4;
  const size = Math.ceil(userIds.length / TEAMS);
  for (let team = 0; team < TEAMS; team++) {
    const created = JSON.parse(await call(`${baseUrl}/api/v0/teams`, { method: 'POST', token: apiKey, body: { name: `Team ${team + 1}` }, expect: [201] })) as { team: { id: string } };
    const members = userIds.slice(team * size, (team + 1) * size + Math.ceil(size / 10));
    await inParallel(members, clients, async (userId) => {
      await call(`${baseUrl}/api/v0/teams/${created.team.id}/members`, { method: 'POST', token: apiKey, body: { userId }, expect: [201] });
    });
  }
}

export interface TelemetryOptions {
  seed: number;
  days: number;
  lastDay: string;
  clients: number;
  /** Keep only the first N events the generator makes for each user and day (undefined: all). */
  eventsPerUserDay: number | undefined;
  /**
   * false: each batch holds one user's events, each user's batches sent in order by one sender
   * (as that user's agent client would). true: consecutive users' events share batches of up to
   * 1000 (an import), for thin profiles where one user's day is a handful of events.
   */
  mixUsers: boolean;
}

export interface Ingested {
  events: number;
  batches: number;
  /** Time spent sending (generation excluded). */
  ms: number;
}

/** Each user's agent product: most run one of three, every fourth user Quarterdeck's own client (none). */
const AGENTS = ['claude-code', 'codex', 'gemini-cli'];
const agentOf = (user: number) => (user % 4 === 3 ? {} : { agent: AGENTS[user % 4]! });

/** The demo generator's telemetry for the organization's users (with their agent product), through HTTP. */
export async function sendTelemetry(baseUrl: string, organization: BenchOrganization, options: TelemetryOptions): Promise<Ingested> {
  const users = organization.userIds.length;
  const result: Ingested = { events: 0, batches: 0, ms: 0 };
  let accepted = 0;
  const send = async (streams: string[][]) => {
    const bodies = inTurns(streams);
    result.batches += bodies.length;
    result.ms += (
      await timed(() =>
        inParallel(bodies, options.clients, async (body) => {
          const text = await call(`${baseUrl}/api/v1/telemetry/events`, { method: 'POST', token: organization.apiKey, body, expect: [202] });
          accepted += (JSON.parse(text) as { accepted: number }).accepted;
        }),
      )
    ).ms;
  };
  // Each stream is a list of batches in the order they are sent; they are sent once there are at
  // least as many streams as senders.
  let streams: string[][] = [];
  for (let block = 0; block * USERS_PER_BLOCK < users; block++) {
    const first = block * USERS_PER_BLOCK;
    const perUser = new Map<number, object[]>();
    const perUserDay = new Map<string, number>();
    for (const { user, event } of generateDemoEvents({ seed: options.seed + block, users: Math.min(USERS_PER_BLOCK, users - first), days: options.days, lastDay: options.lastDay })) {
      if (options.eventsPerUserDay !== undefined) {
        const key = `${user}|${dayOf(new Date(event.timestamp))}`;
        const kept = perUserDay.get(key) ?? 0;
        if (kept >= options.eventsPerUserDay) continue;
        perUserDay.set(key, kept + 1);
      }
      if (!perUser.has(user)) perUser.set(user, []);
      perUser.get(user)!.push({ ...event, userId: organization.userIds[first + user], ...agentOf(first + user) });
      result.events += 1;
    }
    const chunks = (events: object[]) => {
      const bodies: string[] = [];
      for (let i = 0; i < events.length; i += BATCH) bodies.push(JSON.stringify({ events: events.slice(i, i + BATCH) }));
      return bodies;
    };
    streams.push(...(options.mixUsers ? chunks([...perUser.values()].flat()).map((body) => [body]) : [...perUser.values()].map(chunks)));
    if (streams.length >= options.clients) {
      await send(streams);
      streams = [];
    }
  }
  await send(streams);
  if (accepted !== result.events) throw new Error(`ingestion accepted ${accepted} of ${result.events} events`);
  return result;
}

/** POST /admin/v1/rollups/run until nothing ended is pending; the days it aggregated. */
export async function runRollup(baseUrl: string, adminToken: string): Promise<number> {
  let aggregated = 0;
  for (;;) {
    const answer = JSON.parse(await call(`${baseUrl}/admin/v1/rollups/run?waitMs=60000`, { method: 'POST', token: adminToken, expect: [200, 202] })) as { status: string; aggregatedDays: number };
    aggregated += answer.aggregatedDays;
    if (answer.status === 'done') return aggregated;
  }
}
