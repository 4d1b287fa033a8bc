import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { seedDemoOrganization } from '../src/demo/seed.js';
import { invitationUrl } from '../src/domain/console-auth.js';
import { addDays, dayOf } from '../src/domain/dates.js';
import { startServer, type RunningServer } from '../src/server.js';
import { launchChromium } from '../test/helpers/chromium.js';
import { ensureBuilt, freePort } from '../test/helpers/built-console.js';
import { fmt, load, machine, quantile } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';

// The console's analytics dashboard in headless Chromium (docs/performance.md): a demo
// organization of --users over --days, the built console served by the real server in this
// process, and /analytics?days=365 opened --samples times. The console marks when each answer
// arrived (qd:answer:*), when the first of them was drawn (qd:rendered:analytics:first) and when
// the four panels had drawn them (qd:rendered:analytics); printed: the first answer's time from
// its data to drawn, as a ratio against a floor measured in the same run (the API keys page drawing
// its one answer), the time from the last answer to the drawn dashboard, and from navigation to it.

const HELP = `npx tsx bench/console.ts [--users 50] [--days 365] [--samples 5] [--database-url postgres://...]`;

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    samples: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

async function main() {
  if (flags.help) return console.log(HELP);
  const [users, days, samples] = [Number(flags.users), Number(flags.days), Number(flags.samples)];
  ensureBuilt();
  const store = await scratchStore(flags['database-url']);
  const port = await freePort();
  let server: RunningServer | undefined;
  const browser = await launchChromium();
  try {
    console.log(`Machine: ${machine()}; at start: ${load()}`);
    console.log(`Store:   ${store.label}; scale ${users} users x ${days} days`);
    const config = loadConfig({ ...store.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN: `qda_${randomBytes(24).toString('hex')}`, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000' });
    server = await startServer(config);
    const lastDay = addDays(dayOf(new Date()), -1);
    const seeded = await seedDemoOrganization(server.app.services.db, config, { users, days, seed: 42, lastDay });
    console.log(`Seeded ${seeded.events} events, aggregated.`);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(invitationUrl(config.publicAppUrl, seeded.invitation.token));
    const password = 'a long benchmark password';
    await page.getByLabel('New password', { exact: false }).first().fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // Owners land on the dashboard (docs/console.md).
    await page.waitForURL('**/analytics');

    // The floor, in the same browser and run: the API keys page drawing its one small answer.
    const floor: number[] = [];
    for (let i = 0; i < samples; i++) {
      await page.goto(`${server.url}/settings/api-keys`);
      await page.waitForFunction(() => performance.getEntriesByName('qd:rendered:api-keys').length > 0, undefined, { timeout: 60_000 });
      const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })));
      floor.push(marks.find((mark) => mark.name === 'qd:rendered:api-keys')!.at - marks.find((mark) => mark.name === 'qd:answer:api-keys')!.at);
    }

    const afterAnswers: number[] = [];
    const firstDrawn: number[] = [];
    const total: number[] = [];
    for (let i = 0; i < samples; i++) {
      await page.goto(`${server.url}/analytics?days=${days}`);
      await page.waitForFunction(() => performance.getEntriesByName('qd:rendered:analytics').length > 0, undefined, { timeout: 120_000 });
      const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })));
      const rendered = marks.find((mark) => mark.name === 'qd:rendered:analytics')!.at;
      const lastAnswer = Math.max(...marks.filter((mark) => mark.name.startsWith('qd:answer:') && mark.name !== 'qd:answer:users' && mark.at <= rendered).map((mark) => mark.at));
      afterAnswers.push(rendered - lastAnswer);
      // The dashboard's first answer drawn: from the first answer's arrival to its panel drawn.
      const first = marks.find((mark) => mark.name === 'qd:rendered:analytics:first')!.at;
      firstDrawn.push(first - Math.min(...marks.filter((mark) => mark.name.startsWith('qd:answer:') && mark.at <= first).map((mark) => mark.at)));
      total.push(rendered);
      console.log(`  sample ${i + 1}: navigation to drawn ${fmt(rendered, 0)} ms, last answer to drawn ${fmt(rendered - lastAnswer, 0)} ms`);
    }
    console.log(`\n/analytics?days=${days}: last answer to drawn p50 ${fmt(quantile(afterAnswers, 0.5), 0)} ms, max ${fmt(Math.max(...afterAnswers), 0)} ms (target 2000 ms)`);
    const firstP50 = quantile(firstDrawn, 0.5);
    const floorP50 = Math.max(quantile(floor, 0.5), 1);
    console.log(
      `/analytics?days=${days}: first answer drawn p50 ${fmt(firstP50, 0)} ms after its data, max ${fmt(Math.max(...firstDrawn), 0)} ms (target 2000 ms); floor (API keys page, one answer) p50 ${fmt(floorP50, 0)} ms; ratio ${fmt(firstP50 / floorP50, 1)}x`,
    );
    console.log(`navigation to drawn p50 ${fmt(quantile(total, 0.5), 0)} ms, max ${fmt(Math.max(...total), 0)} ms; at end: ${load()}`);
  } finally {
    await browser.close();
    await server?.stop();
    await store.remove();
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exit(1);
});
