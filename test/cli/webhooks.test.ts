import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { cli, cliJson } from './helpers.js';

// `quarterdeck webhooks ...` as subprocesses against a real server (docs/webhooks.md).

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  env = { QUARTERDECK_URL: await server.app.listen({ port: 0, host: '127.0.0.1' }), QUARTERDECK_API_KEY: org.owner.key };
});
afterAll(async () => server.close());

describe('webhooks', () => {
  it('creates an endpoint (secret once), changes, disables and enables it, sends a test event and lists its deliveries', async () => {
    const created = await cliJson(['webhooks', 'create', 'https://hooks.example.com/cli', '--events', 'member.invited,controls.changed', '--payload-format', 'slack', '--description', 'from the CLI'], env);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.webhook).toMatchObject({ eventTypes: ['member.invited', 'controls.changed'], format: 'slack', description: 'from the CLI' });
    const id = created.webhook.id as string;
    expect(await cliJson(['webhooks', 'update', id, '--all-events', '--payload-format', 'standard'], env)).toMatchObject({ id, eventTypes: null, format: 'standard' });
    expect(await cliJson(['webhooks', 'disable', id], env)).toMatchObject({ enabled: false });
    const refused = await cli(['webhooks', 'test', id], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('disabled');
    expect(await cliJson(['webhooks', 'enable', id], env)).toMatchObject({ enabled: true });
    const test = await cliJson(['webhooks', 'test', id], env);
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    const deliveries = await cliJson(['webhooks', 'deliveries', id], env);
    expect(deliveries.map((delivery: { id: string }) => delivery.id)).toEqual([test.id]);
    expect((await cliJson(['webhooks', 'list'], env)).map((webhook: { id: string }) => webhook.id)).toContain(id);
  });
});
