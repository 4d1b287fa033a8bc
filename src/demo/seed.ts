import { runAllPendingRollups } from '../analytics/rollup.js';
import type { Config } from '../config.js';
import type { Db } from '../db/store.js';
import { SYSTEM_ACTOR } from '../domain/audit.js';
import { createOrganization } from '../repositories/organizations.js';
import { setPriceSettings } from '../repositories/prices.js';
import { addTeamMember, createTeam } from '../repositories/teams.js';
import { insertUser } from '../repositories/users.js';
import { recordEvents } from '../telemetry/ingest.js';
import type { TelemetryEvent } from '../telemetry/events.js';
import type { StepDetail } from '../telemetry/session-steps.js';
import { generateDemoEvents } from './generate.js';
import { generateDemoGitHistory, type DemoPerson } from './git-history.js';

// A demo organization in a store: an owner, managers, members and guests in three teams that
// overlap, `days` of generated telemetry ending `lastDay`, stored as ingestion stores it and
// aggregated, and the git-host history to post (readiness comes from its computer: readiness.ts). Used by `npm run demo`
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
  const created = await createOrganization(db, { name: 'Demo Org', ownerEmail: `owner+${stamp}@demo.example` }, SYSTEM_ACTOR);
  const userIds = [created.owner.id];
  const people: DemoPerson[] = [{ email: created.owner.email, name: 'Demo Owner' }];
  for (let i = 1; i < options.users; i++) {
    const role = i < 4 ? 'manager' : i < options.users * 0.9 ? 'member' : 'guest';
    const person = { email: `user${i}+${stamp}@demo.example`, name: `Demo User ${i}` };
    userIds.push((await insertUser(db, created.organization.id, { ...person, role })).id);
    people.push(person);
  }
  const teamIds = await seedDemoTeams(db, created.organization.id, userIds);
  // A negotiated contract: 10 % off the dataset's list prices (docs/prices.md).
  await setPriceSettings(db, created.organization.id, { discount: DEMO_DISCOUNT }, SYSTEM_ACTOR);
  const demoOptions = { seed: options.seed, users: options.users, days: options.days, lastDay: options.lastDay };
  const events = generateDemoEvents(demoOptions);
  const byUser = new Map<number, TelemetryEvent[]>();
  const details = new Map<string, StepDetail>();
  for (const { user, event, detail } of events) {
    if (!byUser.has(user)) byUser.set(user, []);
    byUser.get(user)!.push(event);
    if (detail) details.set(event.id, detail);
  }
  let stored = 0;
  for (const [user, own] of byUser) {
    for (let i = 0; i < own.length; i += BATCH) {
      const batch = own.slice(i, i + BATCH);
      await recordEvents(db, config.modelCatalogue, created.organization.id, userIds[user]!, batch, new Date(), details);
      stored += batch.length;
      options.onStored?.(stored, events.length);
    }
  }
  // The server's own rollup timer may take some days; wait for those too.
  await runAllPendingRollups(db, 120_000);
  // The webhook deliveries its git host would have sent: posted once the server is up (live.ts).
  const gitHistory = generateDemoGitHistory(demoOptions, events, people);
  return { ...created, teamIds, events: events.length, gitHistory };
}

/**
 * Three teams of consecutive users (the owner in none), each a third of the organization and
 * sharing a few members with the next, so a member in two teams shows on the dashboard.
 */
const DEMO_TEAMS = ['Platform', 'Product', 'Data'];

async function seedDemoTeams(db: Db, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  const size = Math.ceil((userIds.length - 1) / DEMO_TEAMS.length);
  const overlap = Math.max(1, Math.floor(size / 5));
  const teamIds: string[] = [];
  for (const [i, name] of DEMO_TEAMS.entries()) {
    const team = await createTeam(db, organizationId, { name });
    for (const userId of userIds.slice(1 + i * size, 1 + (i + 1) * size + overlap)) await addTeamMember(db, organizationId, team.id, userId);
    teamIds.push(team.id);
  }
  return teamIds;
}
