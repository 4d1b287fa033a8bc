import { runAllPendingRollups } from '../analytics/rollup.js';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import { createOrganization } from '../repositories/organizations.js';
import { setPriceSettings } from '../repositories/prices.js';
import { insertUser } from '../repositories/users.js';
import { recordEvents } from '../telemetry/ingest.js';
import type { TelemetryEvent } from '../telemetry/events.js';
import { generateDemoEvents } from './generate.js';

// A demo organization in a store: an owner, managers, members and guests, `days` of generated
// telemetry ending `lastDay`, stored as ingestion stores it and aggregated. Used by `npm run demo`
// and the console benchmark.

const BATCH = 1000;
export const DEMO_DISCOUNT = 0.9;

export interface DemoSeedOptions {
  users: number;
  days: number;
  seed: number;
  lastDay: string;
  /** Called after each stored batch; once stored = total, the rollup runs. */
  onStored?: (stored: number, total: number) => void;
}

export async function seedDemoOrganization(db: Db, config: Config, options: DemoSeedOptions) {
  const stamp = Date.now();
  const created = await createOrganization(db, { name: 'Demo Org', ownerEmail: `owner+${stamp}@demo.example` });
  const userIds = [created.owner.id];
  for (let i = 1; i < options.users; i++) {
    const role = i < 4 ? 'manager' : i < options.users * 0.9 ? 'member' : 'guest';
    userIds.push((await insertUser(db, created.organization.id, { email: `user${i}+${stamp}@demo.example`, name: `Demo User ${i}`, role })).id);
  }
  // A negotiated contract: 10 % off the dataset's list prices (docs/prices.md).
  await setPriceSettings(db, created.organization.id, { discount: DEMO_DISCOUNT });
  const events = generateDemoEvents({ seed: options.seed, users: options.users, days: options.days, lastDay: options.lastDay });
  const byUser = new Map<number, TelemetryEvent[]>();
  for (const { user, event } of events) {
    if (!byUser.has(user)) byUser.set(user, []);
    byUser.get(user)!.push(event);
  }
  let stored = 0;
  for (const [user, own] of byUser) {
    for (let i = 0; i < own.length; i += BATCH) {
      const batch = own.slice(i, i + BATCH);
      await recordEvents(db, config.modelCatalogue, created.organization.id, userIds[user]!, batch);
      stored += batch.length;
      options.onStored?.(stored, events.length);
    }
  }
  // The server's own rollup timer may take some days; wait for those too.
  await runAllPendingRollups(db, 120_000);
  return { ...created, events: events.length };
}
