import { Type } from '@sinclair/typebox';
import { invalidInput } from '../domain/errors.js';

// v0 pagination, used by every v0 list: `limit` 1-100 (default 20) and an opaque `cursor`;
// answers carry {hasMore, nextCursor}. A cursor names its list and organization, so one issued
// elsewhere, or a malformed one, is a 400.

export const DEFAULT_PAGE_SIZE = 20;

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
};

export interface PageRequest {
  /** The key to continue after, when a cursor was given. */
  after: string | undefined;
  /** One more than the page size: the extra row tells whether more follow. */
  fetch: number;
  limit: number;
}

export function readPage(query: { limit?: number | undefined; cursor?: string | undefined }, list: string, organizationId: string): PageRequest {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return { after: query.cursor === undefined ? undefined : decodeCursor(query.cursor, list, organizationId), fetch: limit + 1, limit };
}

export function pageOf<T>(rows: T[], page: PageRequest, list: string, organizationId: string, keyOf: (row: T) => string) {
  const items = rows.slice(0, page.limit);
  const hasMore = rows.length > page.limit;
  const last = items[items.length - 1];
  return { items, pagination: { hasMore, nextCursor: hasMore && last ? encodeCursor(list, organizationId, keyOf(last)) : null } };
}

function encodeCursor(list: string, organizationId: string, key: string): string {
  return Buffer.from(JSON.stringify([list, organizationId, key])).toString('base64url');
}

function decodeCursor(cursor: string, list: string, organizationId: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed.some((part) => typeof part !== 'string')) {
    throw invalidInput('cursor is malformed', [{ path: 'querystring/cursor', message: 'malformed cursor' }]);
  }
  if (parsed[0] !== list || parsed[1] !== organizationId) {
    throw invalidInput('cursor was issued for another list', [{ path: 'querystring/cursor', message: 'cursor belongs to another list' }]);
  }
  return parsed[2] as string;
}
