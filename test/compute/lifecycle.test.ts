import { describe, expect, it } from 'vitest';
import { startJob } from '../../src/jobs/job.js';
import { sessionRetentionJob } from '../../src/jobs/session-retention.js';
import { createOrganization, startTestServer } from '../helpers/server.js';
import { agent, call, createSession, registerComputer, setControls } from './fixtures.js';

// What runs beside requests: the retention job's timer, and long-polling claims at shutdown.

describe('background work', () => {
  it('runs retention on its timer until stopped, and ends waiting claims when the server closes', async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
    try {
      const org = await createOrganization(server);
      await setControls(server, org, { sessionRetentionDays: 1 });
      const old = await createSession(server, org.owner.key);
      await server.store.db.updateTable('sessions').set({ updated_at: new Date(Date.now() - 2 * 86_400_000) }).where('id', '=', old.sessionId).execute();

      const job = startJob(sessionRetentionJob(server.store.db, 100), server.app.log);
      const until = Date.now() + 5_000;
      while ((await call(server, org.owner.key, 'GET', `/api/v0/sessions/${old.sessionId}`)).statusCode !== 404) {
        expect(Date.now()).toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await job.stop();
      // Stopped: a session that expires now stays.
      const later = await createSession(server, org.owner.key);
      await server.store.db.updateTable('sessions').set({ updated_at: new Date(Date.now() - 2 * 86_400_000) }).where('id', '=', later.sessionId).execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await call(server, org.owner.key, 'GET', `/api/v0/sessions/${later.sessionId}`)).statusCode).toBe(200);

      const computer = await registerComputer(server, org.owner.key);
      const session = await createSession(server, org.owner.key, { computerId: computer.id });
      const waiting = agent(server, computer.token).claim(30_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closing = Date.now();
      await server.app.close();
      const answer = await waiting;
      expect(answer.statusCode).toBe(204);
      expect(Date.now() - closing).toBeLessThan(5_000);
      // Nothing was claimed on the way out.
      const queued = await server.store.db.selectFrom('sessions').select('status').where('id', '=', session.sessionId).executeTakeFirstOrThrow();
      expect(queued.status).toBe('idle');
    } finally {
      await server.close();
    }
  });
});
