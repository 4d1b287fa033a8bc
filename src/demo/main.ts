import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, dayOf } from '../domain/dates.js';
import { loadConfig } from '../config.js';
import { invitationUrl } from '../domain/console-auth.js';
import { startServer } from '../server.js';
import { progressBar } from '../cli/format.js';
import { DEMO_BUDGET_SHARE, startLiveDemo } from './live.js';
import { seedDemoOrganization } from './seed.js';
import { seedDemoReadiness } from './readiness.js';

// `npm run demo`: a server on the embedded store (a fresh data directory unless DATA_DIR is set)
// with a demo organization of 50 users and 90 days of telemetry (DEMO_USERS, DEMO_DAYS),
// aggregated, with git-host history, controls history, limits, budgets, and a computer whose agent answers sessions.

const USERS = Number(process.env.DEMO_USERS ?? 50);
const DAYS = Number(process.env.DEMO_DAYS ?? 90);

async function main() {
  const dataDir = process.env.DATA_DIR || (await mkdtemp(join(tmpdir(), 'quarterdeck-demo-')));
  // The demo's repositories are local bare remotes (file://): its computer may clone them; its
  // webhook receiver is on loopback.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', READINESS_LOCAL_REMOTES: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
  const server = await startServer(config);
  const { db } = server.app.services;

  const lastDay = addDays(dayOf(new Date()), -1);
  const { apiKey, owner, invitation, teamIds, events, gitHistory } = await seedDemoOrganization(db, config, {
    users: USERS,
    days: DAYS,
    seed: Number(process.env.DEMO_SEED ?? 42),
    lastDay,
    onStored: (stored, total) => showProgress(stored < total ? `storing telemetry ${progressBar(stored, total, 'events')}` : 'aggregating the daily rollups'),
  });
  showProgress(`posting ${gitHistory.length} git host deliveries`);
  const live = await startLiveDemo(server.url, { apiKey, email: owner.email }, teamIds, gitHistory);
  showProgress('');
  // Twelve weeks of evaluations take some seconds of git and the evaluator: written while the
  // server already answers, so the demo starts as fast as before (the readiness page fills then).
  void seedDemoReadiness(db, owner.organizationId, live.computerId).then(
    ({ evaluations, remotes }) => console.log(`Readiness:      ${evaluations} nightly evaluations over 12 weeks by the demo computer are in (${config.publicAppUrl}/readiness; its remotes in ${remotes})`),
    (error: unknown) => console.error(`Readiness:      the demo's readiness history failed: ${(error as Error).message}`),
  );

  const start = addDays(lastDay, -6);
  console.log(`\nQuarterdeck demo: ${events} events of ${USERS} users over ${DAYS} days, aggregated up to ${lastDay}.`);
  console.log(`Data directory: ${dataDir}`);
  console.log(`Console:        ${invitationUrl(config.publicAppUrl, invitation.token)}`);
  console.log('                (one-time link: choose a password and you are signed in as the demo owner)');
  console.log(`Dashboard:      ${config.publicAppUrl}/analytics?days=${DAYS}`);
  console.log(`Repositories:   ${config.publicAppUrl}/repositories?days=${DAYS}`);
  console.log(`Impact:         ${config.publicAppUrl}/impact?days=30 (merged pull requests of a connected GitHub host, AI vs human; ${config.publicAppUrl}/settings/git-hosts)`);
  console.log(`Readiness:      ${config.publicAppUrl}/readiness (six repositories evaluated every night by the demo computer; their history is being written)`);
  console.log(`Sessions:       ${config.publicAppUrl}/sessions (answered by \`quarterdeck agent\` on the demo computer, ${live.computerId})`);
  console.log(`Agents:         ${config.publicAppUrl}/settings/connected-agents (four members' Claude Code and Codex exporting OpenTelemetry every minute with an ingest key)`);
  console.log(`Webhooks:       ${config.publicAppUrl}/settings/webhooks (every event to the demo's receiver, ${live.webhookUrl})`);
  console.log(`Budgets:        an organization budget at ${Math.round(DEMO_BUDGET_SHARE * 100)} % of this month's spend; members near, at and over their credit limits (${config.publicAppUrl}/settings/limits)`);
  console.log(`Owner API key:  ${apiKey}`);
  console.log(`Try:\n  curl -s -H 'Authorization: Bearer ${apiKey}' '${server.url}/api/v1/analytics/activity?startDate=${start}&endDate=${lastDay}'`);
  // The dashboard's Teams panel compares each team's spend with last month: the same rows.
  const lastMonthEnd = addDays(`${dayOf(new Date()).slice(0, 7)}-01`, -1);
  console.log(`Each team's spend last month (rows per day and team; add up per team, or see the dashboard's Teams panel):`);
  console.log(`  curl -s -H 'Authorization: Bearer ${apiKey}' -H 'Accept: text/csv' '${server.url}/api/v1/analytics/tokens?startDate=${lastMonthEnd.slice(0, 7)}-01&endDate=${lastMonthEnd}&group_by=team'\n`);
  const stop = () => {
    live.stop();
    void server.stop().then(() => process.exit(0));
  };
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
