import type { FastifyInstance } from 'fastify';

// The operations of the OpenAPI document the app serves (/openapi.json), as the walks over every
// route read them (test/audit/walk.test.ts, test/hostile/cross-tenant.test.ts): a route added
// to the app is in this list without anyone adding it by hand.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  path: string;
  /** `METHOD /path/{param}`: how the walks' tables name it. */
  key: string;
}

export const MUTATING: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .map((method) => method.toUpperCase())
      .filter((method): method is HttpMethod => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      .map((method) => ({ method, path, key: `${method} ${path}` })),
  );
}
