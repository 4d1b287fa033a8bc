import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_LIMITS } from '../domain/json-limits.js';
import { ApiError } from './errors.js';

// Request bodies are parsed by Fastify's JSON parser (prototype poisoning refused), then walked
// once, without recursion, to refuse what the rest of the server must never see: nesting deeper
// than JSON_LIMITS.maxDepth (every later walk over stored JSON stays shallow) and numbers JSON
// cannot carry (1e400 parses to Infinity, which would be stored as null or 0).

/** The first limit the value breaks, as a field error, or undefined. */
export function jsonLimitProblem(value: unknown): { path: string; message: string } | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return { path: 'body', message: 'number out of range' };
  if (typeof value !== 'object' || value === null) return undefined;
  // Only objects and arrays are queued, each with its path: a body of a thousand events holds ten
  // times as many scalars, checked in place.
  const pending: { value: object; path: string; depth: number }[] = [{ value, path: 'body', depth: 1 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (item.depth > JSON_LIMITS.maxDepth) return { path: item.path, message: `nested deeper than ${JSON_LIMITS.maxDepth} levels` };
    for (const key of Object.keys(item.value)) {
      const child: unknown = (item.value as Record<string, unknown>)[key];
      if (typeof child === 'number' && !Number.isFinite(child)) return { path: `${item.path}/${key}`, message: 'number out of range' };
      if (typeof child === 'object' && child !== null) pending.push({ value: child, path: `${item.path}/${key}`, depth: item.depth + 1 });
    }
  }
  return undefined;
}

type Done = (error: Error | null, value?: unknown) => void;

/** Fastify's JSON parser followed by the limits above; also used for application/merge-patch+json. */
export function boundedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  return (request: FastifyRequest, body: string, done: Done) => {
    // Clients that set `Content-Type: application/json` on every call send it with an empty body
    // on POSTs that take none (interrupt, restart): no body, not a parse error. A route that needs
    // a body still answers 400 for its absence.
    if (body === '') return done(null, undefined);
    parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = jsonLimitProblem(value);
      if (problem) return done(new ApiError('bad_request', `${problem.path}: ${problem.message}`, { errors: [problem] }));
      done(null, value);
    });
  };
}

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, boundedJsonParser(app));
}
