import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startTestServer, type TestServer } from '../helpers/server.js';

// How the server serves the web console: pages only on console paths, index.html never cached,
// hashed assets cached for good, security headers with a CSP that allows no inline script.

let server: TestServer;
let webRoot: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'qd-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("console")');
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the console pages', () => {
  it('answers index.html on console paths, not cached, with a strict CSP', async () => {
    for (const url of ['/', '/sign-in', '/sign-out', '/settings/api-keys', '/settings/members', '/invite/qdi_x', '/setup/qdsetup_x', '/analytics', '/analytics/users/usr_x', '/readiness', '/sessions', '/sessions/ses_x', '/computers', '/settings/limits', '/settings/prices', '/settings/controls']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expectError(await server.app.inject({ method: 'GET', url: '/assets/missing.js' }), 404);
  });

  it('never falls back to the page on API and operations paths, and answers the page with 404 under the console sections', async () => {
    for (const url of ['/api/unknown', '/api/v0/nothing', '/admin/v1/nothing', '/healthz/x', '/metrics/x', '/openapi.json/x', '/settings', '/unknown-page']) {
      expectError(await server.app.inject({ method: 'GET', url }), 404);
    }
    // Unknown pages of the console's sections: the page with 404, whose router says "Page not found".
    for (const url of ['/settings/unknown', '/sessions/a/b', '/analytics/users/a/b', '/computers/x']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await server.app.inject({ method: 'GET', url: '/openapi.json' })).headers['content-type']).toContain('application/json');
    expect((await server.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
  });

  it("answers a browser's mistyped top-level page with the console's 404 page, and API clients with JSON", async () => {
    // On a real port, as a browser and as an API client ask.
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const asBrowser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/analitycs', '/setings', '/unknown-page?x=1']) {
      const page = await fetch(`${base}${url}`, { headers: asBrowser });
      expect(page.status, url).toBe(404);
      expect(page.headers.get('content-type'), url).toContain('text/html');
      expect(await page.text(), url).toBe(INDEX);
      // The console pages' policy: no inline script, no framing.
      expect(page.headers.get('content-security-policy'), url).toContain("script-src 'self'");
      expect(page.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(page.headers.get('cache-control'), url).toBe('no-cache');
    }
    // API clients (no Accept, JSON, anything) keep the error body; so do the API's own paths and other methods.
    for (const [url, headers, method] of [
      ['/analitycs', {}, 'GET'],
      ['/analitycs', { accept: 'application/json' }, 'GET'],
      ['/analitycs', { accept: '*/*' }, 'GET'],
      ['/analitycs', asBrowser, 'POST'],
      ['/api/v0/nothing', asBrowser, 'GET'],
      ['/admin/v1/nothing', asBrowser, 'GET'],
      ['/v1/nothing', asBrowser, 'GET'],
    ] as const) {
      const answer = await fetch(`${base}${url}`, { method, headers });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.headers.get('content-type'), `${method} ${url}`).not.toContain('text/html');
    }
    // SCIM asks for its token before it looks for the path: its own 401, never the page.
    const scim = await fetch(`${base}/scim/v2/Nothing`, { headers: asBrowser });
    expect(scim.headers.get('content-type')).not.toContain('text/html');
    const json = await fetch(`${base}/analitycs`);
    expect(await json.json()).toMatchObject({ status: 404, detail: 'no route GET /analitycs' });
  });

  it('answers 503 on console paths when the console is not built', async () => {
    const bare = await startTestServer({}, { webRoot: join(webRoot, 'nothing-here') });
    try {
      expectError(await bare.app.inject({ method: 'GET', url: '/sign-in' }), 503);
    } finally {
      await bare.close();
    }
  });
});
