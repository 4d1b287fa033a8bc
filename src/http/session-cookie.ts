import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../domain/console-auth.js';

// The console's session cookie: HttpOnly (scripts cannot read it), SameSite=Lax (not sent on
// cross-site subrequests), Secure when the console is served over https.

function baseOptions(appUrl: string) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: new URL(appUrl).protocol === 'https:' };
}

export function setSessionCookie(reply: FastifyReply, appUrl: string, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(appUrl), expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, appUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(appUrl));
}

/** The browser's binding to a single sign-on under way: only the browser that started it may finish it. */
export const SSO_STATE_COOKIE = 'qd_sso_state';
const SSO_STATE_PATH = '/api/v0/auth/sso';

export function setSsoStateCookie(reply: FastifyReply, appUrl: string, state: string, maxAgeSeconds: number): void {
  reply.setCookie(SSO_STATE_COOKIE, state, { ...baseOptions(appUrl), path: SSO_STATE_PATH, maxAge: maxAgeSeconds });
}

export function clearSsoStateCookie(reply: FastifyReply, appUrl: string): void {
  reply.clearCookie(SSO_STATE_COOKIE, { ...baseOptions(appUrl), path: SSO_STATE_PATH });
}
