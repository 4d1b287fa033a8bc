import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoReadiness } from '../../src/demo/readiness.js';
import { readinessLevel } from '../../src/sdk/readiness-levels.js';
import { call, registerComputer } from '../compute/fixtures.js';
import { createOrganization, json, startTestServer, type TestServer } from '../helpers/server.js';

// The demo's readiness (docs/readiness.md, "Demo"): twelve weeks of nightly evaluations of six
// evolving git repositories, each night's report the evaluator's own on that night's commit,
// read back through the API: the levels rise as the repositories improve, and never by chance.

vi.setConfig({ testTimeout: 150_000 });

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', MODEL_CATALOGUE: '' });
});

afterAll(async () => {
  await server?.close();
});

describe('the demo', () => {
  it("seeds twelve weeks of nightly evaluations of evolving repositories, by the evaluator on each night's commit, and lists them", async () => {
    const demo = await createOrganization(server, 'Demo Readiness');
    const computer = await registerComputer(server, demo.owner.key, { name: 'demo-box' });
    const { evaluations } = await seedDemoReadiness(server.store.db, demo.id, computer.id);
    expect(evaluations).toBe(6 * 84);
    const levels = async (repo: string): Promise<number[]> => {
      const { reports } = json(await call(server, demo.owner.key, 'GET', `/api/organization/maturity-level-reports?repoId=github.example.test/demo-org/${repo}&limit=1000`));
      return reports.map((report: any) => readinessLevel(report.report).level).reverse();
    };
    // payments-api climbs from level 0 to 3 over the weeks and never falls; data-pipeline stays at 0.
    const payments = await levels('payments-api');
    expect(payments).toHaveLength(84);
    expect(payments[0]).toBe(0);
    expect(payments[83]).toBeGreaterThanOrEqual(3);
    expect(payments.every((level, i) => i === 0 || level >= payments[i - 1]!)).toBe(true);
    expect(new Set(await levels('data-pipeline'))).toEqual(new Set([0]));
    const { repositories } = json(await call(server, demo.owner.key, 'GET', '/api/v0/readiness/repositories'));
    expect(repositories).toHaveLength(6);
    // The computer is not online here (no heartbeat): the evaluation queued now failed at once, saying so.
    expect(repositories.every((repository: any) => repository.source === 'listed' && repository.cloneUrl.startsWith('file://') && repository.lastEvaluation.status === 'failed')).toBe(true);
    const nights = json(await call(server, demo.owner.key, 'GET', '/api/v0/readiness/evaluations?status=succeeded&limit=5')).evaluations;
    expect(nights.every((evaluation: any) => evaluation.trigger === 'nightly' && evaluation.computerId === computer.id && evaluation.reportId)).toBe(true);
  });
});
