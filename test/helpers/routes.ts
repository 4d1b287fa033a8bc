import type { FastifyInstance } from 'fastify';
import { CONSOLE_PATHS, CONSOLE_SECTIONS } from '../../src/routes/console/index.js';

const consolePages: readonly string[] = CONSOLE_PATHS;

/**
 * The web console's pages and assets: HTML and files, not API routes. Its sections' unknown pages
 * (CONSOLE_SECTIONS) are the app's only wildcard routes; the printed tree does not always keep
 * their parent segment (`/settings/*` prints as a `*` under the root), so a wildcard is theirs.
 */
function isConsoleRoute(url: string): boolean {
  return consolePages.includes(url) || (CONSOLE_SECTIONS.length > 0 && url.endsWith('*')) || url.startsWith('/assets/');
}

/**
 * Every API route the app registered (the console's pages and assets left out), as method and
 * URL template, read from Fastify's own route tree (`printRoutes`): each line is a path segment
 * under its parent, with its methods.
 */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes.filter((route) => !isConsoleRoute(route.url));
}
