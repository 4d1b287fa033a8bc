import type { AuditAction } from '../../api/client';
import type { AuditFilters } from '../../api/useAuditLog';

// The audit log page's filters as a person enters them (dates as YYYY-MM-DD, whole UTC days) and
// as the API takes them.

export interface FilterForm {
  actions: AuditAction[];
  actorUserId: string;
  fromDate: string;
  toDate: string;
}

export const EMPTY_FORM: FilterForm = { actions: [], actorUserId: '', fromDate: '', toDate: '' };

const DAY_MS = 86_400_000;

/** `to` is the end of its day: the API's `to` is excluded, so the next midnight. */
export function filtersOf(form: FilterForm): AuditFilters {
  const from = form.fromDate ? Date.parse(`${form.fromDate}T00:00:00Z`) : NaN;
  const to = form.toDate ? Date.parse(`${form.toDate}T00:00:00Z`) + DAY_MS : NaN;
  return {
    actions: form.actions,
    actorUserId: form.actorUserId || null,
    from: Number.isNaN(from) ? null : from,
    to: Number.isNaN(to) ? null : to,
  };
}

/** A range whose end is before its start would be refused (400): say so before asking. */
export function rangeProblem(form: FilterForm): string | null {
  if (form.fromDate && form.toDate && form.toDate < form.fromDate) return 'The end date is before the start date.';
  return null;
}

export function csvFileName(form: FilterForm): string {
  return `quarterdeck-audit-log${form.fromDate ? `-from-${form.fromDate}` : ''}${form.toDate ? `-to-${form.toDate}` : ''}.csv`;
}
