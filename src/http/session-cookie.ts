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
