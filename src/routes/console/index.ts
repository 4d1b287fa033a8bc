import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import type { BrowserNotFound } from '../../http/error-handler.js';

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

/**
 * Paths that answer JSON (or their protocol's body) whatever a browser asks: the APIs, SCIM, OTLP,
 * the docs and the probes. Any other unknown path asked for as a page gets the console's 404 page.
 */
export const API_PREFIXES = ['/api', '/admin', '/scim', '/v1', '/docs', '/openapi.json', '/metrics', '/healthz', '/readyz', '/assets'] as const;

function cspDirectives(https: boolean): Record<string, string[]> {
  return {
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
  };
}

/**
 * The console's 404 page for the app's not-found handler (which sits outside this subtree and its
 * helmet), filled once index.html is read, with the same content security policy as its pages.
 */
export function browserNotFound(publicAppUrl: string): BrowserNotFound & { set(html: string | undefined): void } {
  let page: string | undefined;
  const policy = Object.entries(cspDirectives(new URL(publicAppUrl).protocol === 'https:'))
    .map(([name, values]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
    .join(';');
  return { html: () => page, headers: { 'content-security-policy': policy, 'x-frame-options': 'DENY' }, apiPrefixes: API_PREFIXES, set: (html) => void (page = html) };
}

export default async function consoleRoutes(app: App, options: { webRoot: string; notFound?: { set(html: string | undefined): void } }) {
  const https = new URL(app.services.config.publicAppUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https) },
    strictTransportSecurity: https,
  });

  const indexHtml = await readFile(join(options.webRoot, 'index.html'), 'utf8').catch(() => undefined);
  options.notFound?.set(indexHtml);
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
