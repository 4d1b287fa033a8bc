// How the console writes times: the person's locale, dates only where time of day does not matter.

export function formatDate(ms: number | null, fallback = '—'): string {
  return ms === null ? fallback : new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(ms: number | null, fallback = '—'): string {
  return ms === null ? fallback : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
