import { Type } from '@sinclair/typebox';
import { invalidInput } from '../domain/errors.js';
import type { ListOrder } from '../repositories/sessions.js';

// v0 pagination, used by every v0 list: `limit` 1-100 (default 20) and an opaque `cursor`;
// answers carry {hasMore, nextCursor}. A cursor names its list and organization, so one issued
// elsewhere, or a malformed one, is a 400.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `limit` and `cursor`, with the default page size of the list (the computers list reads whole by default). */
export function pageQuery(defaultLimit: number) {
  return {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultLimit })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  };
}

export const PageQuery = pageQuery(DEFAULT_PAGE_SIZE);

/**
 * `order` of the v0 lists that offer it: creation order, newest first by default, as the clients
 * of the original service page them (decisions.md §13). No schema default: without `order`, a
 * cursor continues in the order it was issued for (orderOf).
 */
export const OrderQuery = {
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'desc: newest first (the default); asc: oldest first. Without it, a cursor continues in its own order.' }),
  ),
};

/** The order of a list read: the one asked for; else the one the cursor was issued for; else newest first. */
export function orderOf(query: { order?: ListOrder | undefined; cursor?: string | undefined }): ListOrder {
  if (query.order !== undefined) return query.order;
  const list = query.cursor === undefined ? undefined : cursorParts(query.cursor)?.[0];
  return list !== undefined && !list.endsWith(':desc') ? 'asc' : 'desc';
}

/** The list name a cursor is bound to: a cursor of one order is no good for the other. */
export function orderedList(list: string, order: ListOrder): string {
  return order === 'asc' ? list : `${list}:desc`;
}

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

/** A cursor's [list, organization, key]; undefined when it is not one. */
function cursorParts(cursor: string): [string, string, string] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && parsed.length === 3 && parsed.every((part) => typeof part === 'string') ? (parsed as [string, string, string]) : undefined;
}

function decodeCursor(cursor: string, list: string, organizationId: string): string {
  const parsed = cursorParts(cursor);
  if (!parsed) throw invalidInput('cursor is malformed', [{ path: 'querystring/cursor', message: 'malformed cursor' }]);
  if (parsed[0] !== list || parsed[1] !== organizationId) {
    throw invalidInput('cursor was issued for another list', [{ path: 'querystring/cursor', message: 'cursor belongs to another list' }]);
  }
  return parsed[2];
}
