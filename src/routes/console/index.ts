import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';

// The web console (web/, built into dist/web): hashed assets cached for good, index.html never,
// and the single-page fallback only on the console's own paths — /api, /admin, /healthz,
// /readyz, /docs, /openapi.json and /metrics keep their answers and their JSON 404s.
// Security headers (helmet) on every answer of this subtree, with a CSP that allows no inline
// script (Mantine writes inline styles, so styles may be inline).

/** The console's pages (web/src/App.tsx); each answers index.html. Any other path keeps its 404. */
export const CONSOLE_PATHS = [
  '/',
  '/sign-in',
  '/sign-out',
  '/invite/:token',
  '/setup/:token',
  '/analytics',
  '/analytics/users/:userId',
  '/impact',
  '/repositories',
  '/readiness',
  '/agent-sessions',
  '/agent-sessions/:agentSessionId',
  '/sessions',
  '/sessions/:sessionId',
  '/computers',
  '/settings/api-keys',
  '/settings/teams',
  '/settings/members',
  '/settings/controls',
  '/settings/limits',
  '/settings/prices',
  '/settings/connected-agents',
  '/settings/webhooks',
  '/settings/git-hosts',
  '/settings/sso',
  '/settings/budgets',
  '/settings/provisioning',
  '/settings/audit-log',
] as const;

/**
 * Other paths under the console's sections: index.html with a 404 status, so a mistyped or stale
 * console link shows the console's "Page not found" (its router's catch-all) instead of an API
 * error body. Paths outside these sections keep their JSON 404.
 */
export const CONSOLE_SECTIONS = ['/analytics/*', '/impact/*', '/repositories/*', '/readiness/*', '/agent-sessions/*', '/sessions/*', '/computers/*', '/settings/*'] as const;

export default async function consoleRoutes(app: App, options: { webRoot: string }) {
  const https = new URL(app.services.config.publicAppUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });

  const indexHtml = await readFile(join(options.webRoot, 'index.html'), 'utf8').catch(() => undefined);
  await app.register(fastifyStatic, {
    root: join(options.webRoot, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // One route per built file, found at start: nothing else answers under /assets/.
    wildcard: false,
    // Vite names every asset by its content hash: a changed file is a new URL.
    immutable: true,
    maxAge: '365d',
  });
  const page = (status: number) => async (_request: unknown, reply: FastifyReply) => {
    if (indexHtml === undefined) throw new ApiError('unavailable', 'the web console is not built: run npm run build');
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
  for (const path of CONSOLE_PATHS) app.get(path, { schema: { hide: true } }, page(200));
  for (const path of CONSOLE_SECTIONS) app.get(path, { schema: { hide: true } }, page(404));
}
