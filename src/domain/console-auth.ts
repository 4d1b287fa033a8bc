// Lifetimes and limits of console sign-in (docs/console-auth.md): the single place for them.

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** A browser session ends after 12 h without a request… */
export const SESSION_IDLE_MS = 12 * 3600_000;
/** …and 7 days after sign-in in any case. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3600_000;
/** last_seen_at is kept to the minute, so a busy console does not write on every request. */
export const SESSION_TOUCH_RESOLUTION_MS = 60_000;

export const SESSION_COOKIE = 'qd_session';
export const CSRF_HEADER = 'x-csrf-token';

export const INVITATION_PREFIX = 'qdi_';
export const SESSION_PREFIX = 'qds_';
export const SETUP_PREFIX = 'qdsetup_';

/** Failed sign-ins are counted in fixed windows of this length. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/invite/${token}`;
}

export function setupUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/setup/${token}`;
}
