import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAllPendingRollups } from '../analytics/rollup.js';
import { addDays, dayOf } from '../domain/dates.js';
import { loadConfig } from '../config.js';
import { invitationUrl } from '../domain/console-auth.js';
import { createOrganization } from '../repositories/organizations.js';
import { insertUser } from '../repositories/users.js';
import { startServer } from '../server.js';
import { recordEvents } from '../telemetry/ingest.js';
import type { TelemetryEvent } from '../telemetry/events.js';
import { progressBar } from '../cli/format.js';
import { generateDemoEvents } from './generate.js';

// `npm run demo`: a server on the embedded store (a fresh data directory unless DATA_DIR is set)
// with a demo organization of 50 users and 90 days of telemetry, aggregated, ready to query.

const USERS = 50;
const DAYS = 90;
const BATCH = 1000;

async function main() {
  const dataDir = process.env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'quarterdeck-demo-')));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const server = await startServer(config);
  const { db } = server.app.services;

  const { organization, owner, apiKey, invitation } = await createOrganization(db, { name: 'Demo Org', ownerEmail: `owner+${Date.now()}@demo.example` });
  const userIds = [owner.id];
  for (let i = 1; i < USERS; i++) {
    const role = i < 4 ? 'manager' : i < 45 ? 'member' : 'guest';
    userIds.push((await insertUser(db, organization.id, { email: `user${i}+${Date.now()}@demo.example`, name: `Demo User ${i}`, role })).id);
  }

  const lastDay = addDays(dayOf(new Date()), -1);
  const events = generateDemoEvents({ seed: Number(process.env.DEMO_SEED ?? 42), users: USERS, days: DAYS, lastDay });
  const byUser = new Map<number, TelemetryEvent[]>();
  for (const { user, event } of events) {
    if (!byUser.has(user)) byUser.set(user, []);
    byUser.get(user)!.push(event);
  }
  let stored = 0;
  for (const [user, own] of byUser) {
    for (let i = 0; i < own.length; i += BATCH) {
      const batch = own.slice(i, i + BATCH);
      await recordEvents(db, config.modelCatalogue, organization.id, userIds[user]!, batch);
      stored += batch.length;
      showProgress(`storing telemetry ${progressBar(stored, events.length, 'events')}`);
    }
  }
  showProgress('aggregating the daily rollups');
  // The server's own rollup timer may take some days; wait for those too.
  await runAllPendingRollups(db, 120_000);
  showProgress('');

  const start = addDays(lastDay, -6);
  console.log(`\nQuarterdeck demo: ${events.length} events of ${USERS} users over ${DAYS} days, aggregated up to ${lastDay}.`);
  console.log(`Data directory: ${dataDir}`);
  console.log(`Console:        ${invitationUrl(config.publicAppUrl, invitation.token)}`);
  console.log('                (one-time link: choose a password and you are signed in as the demo owner)');
  console.log(`Owner API key:  ${apiKey}`);
  console.log(`Try:\n  curl -s -H 'Authorization: Bearer ${apiKey}' '${server.url}/api/v1/analytics/activity?startDate=${start}&endDate=${lastDay}'\n`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** One line on stderr, redrawn in place; only on a terminal, so logs and pipes stay clean. */
function showProgress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
}

main().catch((error: unknown) => {
  console.error('demo failed:', error);
  process.exit(1);
});
