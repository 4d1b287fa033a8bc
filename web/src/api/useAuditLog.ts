import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type AuditAction, type AuditLogEntry, type AuditLogQuery } from './client';

// The audit log (owners): GET /api/v0/organization/audit-log, newest first, page after page,
// and the same selection as CSV for a download.

export type AuditEntry = AuditLogEntry;

export interface AuditFilters {
  actions: AuditAction[];
  actorUserId: string | null;
  /** Unix ms, included. */
  from: number | null;
  /** Unix ms, excluded. */
  to: number | null;
}

const PAGE_SIZE = 50;

function queryOf(filters: AuditFilters): AuditLogQuery {
  return {
    ...(filters.actions.length > 0 && { action: filters.actions }),
    ...(filters.actorUserId && { actorUserId: filters.actorUserId }),
    ...(filters.from !== null && { from: filters.from }),
    ...(filters.to !== null && { to: filters.to }),
  };
}

export function useAuditLog(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['audit-log', filters],
    queryFn: ({ pageParam }) =>
      api.request('get', '/api/v0/organization/audit-log', { query: { ...queryOf(filters), limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined),
    enabled,
  });
}

/** Every entry of the selection as the server's CSV. */
export function fetchAuditCsv(filters: AuditFilters): Promise<string> {
  return api.requestText('get', '/api/v0/organization/audit-log', { query: queryOf(filters), headers: { accept: 'text/csv' } });
}
