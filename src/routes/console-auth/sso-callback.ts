import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/store.js';
import { requestOrigin } from '../../http/audit-actor.js';
import type { App } from '../../http/context.js';
import { clearSsoStateCookie, SSO_STATE_COOKIE } from '../../http/session-cookie.js';
import type { AuditActor } from '../../domain/audit.js';
import { sameSecret } from '../../domain/credentials.js';
import { emailDomain, groupsOf, nextRole, roleFromGroups, ssoRedirectUri, teamChanges } from '../../domain/sso.js';
import type { SsoFailure } from '../../sdk/sso-failures.js';
import { appendAudit } from '../../repositories/audit-log.js';
import { existingTeamIds, findSsoSettings, joinTeams, leaveTeams, takePendingSignIn, teamIdsOf, teamNames, type SsoSettingsRecord } from '../../repositories/organization-sso.js';
import { findUserByEmail, insertUser, markJoined, nameIfUnnamed, setRoleFromGroups, type UserRecord } from '../../repositories/users.js';
import { completeAuthorization, failureOf, type ProviderClients } from '../../services/oidc.js';
import { auditFailedSignIn, auditSignIn } from './sign-in-audit.js';
import { startConsoleSession } from './start-session.js';

// GET /api/v0/auth/sso/callback — where the identity provider sends the browser back. The state
// must be this browser's (cookie) and still pending (single use); openid-client does every check
// of the answer; then the person is found, or created just in time, their groups applied, and
// the console session started. Every refusal goes back to the sign-in page with a reason the
// page shows in words, and is in the audit log when the organization is known.

class Refused extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly who: { email: string; userId?: string | null } = { email: '' },
  ) {
    super(reason);
  }
}

export default async function ssoCallbackRoute(app: App, options: { providers: ProviderClients }) {
  app.get(
    '/sso/callback',
    {
      schema: {
        summary: "The identity provider's redirect back (single sign-on)",
        tags: ['console'],
        security: [],
        querystring: Type.Object({ state: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: true }),
        response: { 303: Type.Null() },
      },
    },
    async (request, reply) => {
      const { db, config } = app.services;
      const state = request.query.state;
      const bound = request.cookies[SSO_STATE_COOKIE];
      clearSsoStateCookie(reply, config.publicAppUrl);
      const refuse = (reason: SsoFailure) => reply.redirect(`/sign-in?sso_error=${reason}`, 303);
      // A state this browser did not start (a link from someone else's sign-in) is refused before it is spent.
      if (!state || !bound || !sameSecret(state, bound)) return refuse('state');
      const pending = await takePendingSignIn(db, state);
      if (!pending) return refuse('state');
      const { organizationId } = pending;
      try {
        const settings = await findSsoSettings(db, organizationId);
        if (!settings) throw new Refused('not_configured');
        const box = await app.services.secretBox();
        const person = await options.providers
          .forSettings(settings, box)
          .then((configuration) => completeAuthorization(configuration, callbackUrl(config.publicAppUrl, request.url), { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier }))
          .catch((error: unknown) => {
            request.log.info({ err: { name: (error as Error).name, code: (error as { code?: string }).code, message: (error as Error).message } }, 'single sign-on refused');
            throw new Refused(failureOf(error));
          });
        const email = typeof person.claims.email === 'string' ? person.claims.email.trim() : '';
        if (!email) throw new Refused('no_email');
        if (person.claims.email_verified === false) throw new Refused('email_unverified', { email });
        const domain = emailDomain(email);
        if (!domain || !settings.allowedDomains.includes(domain)) throw new Refused('domain', { email });
        const sealedIdToken = box.seal(person.idToken);
        await db.transaction().execute(async (trx) => {
          const user = await signInPerson(trx, request, settings, email, groupsOf(person.claims, settings.groupsClaim), nameClaim(person.claims.name));
          await startConsoleSession(app, reply, trx, { organizationId, userId: user.id }, sealedIdToken);
          await auditSignIn(trx, request, { organizationId, userId: user.id, email: user.email }, 'sso');
        });
        return reply.redirect(pending.returnTo, 303);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        await auditFailedSignIn(db, request, { organizationId, email: error.who.email, userId: error.who.userId ?? null }, 'sso', error.reason);
        return refuse(error.reason);
      }
    },
  );
}

/** The ID token's `name` claim as a display name: trimmed, at most 200 characters (as a name set in the console), none when empty. */
function nameClaim(claim: unknown): string | null {
  return typeof claim === 'string' ? claim.trim().slice(0, 200) || null : null;
}

/** The URL the provider redirected to, on the registered redirect URI (openid-client reads its parameters). */
function callbackUrl(publicAppUrl: string, requestUrl: string): URL {
  const query = requestUrl.indexOf('?');
  return new URL(`${ssoRedirectUri(publicAppUrl)}${query >= 0 ? requestUrl.slice(query) : ''}`);
}

/**
 * The member this sign-in is: found by e-mail (deactivated refused), or created when the
 * organization creates people just in time; then the groups' role and teams.
 */
async function signInPerson(trx: Db, request: FastifyRequest, settings: SsoSettingsRecord, email: string, groups: string[] | undefined, name: string | null): Promise<UserRecord> {
  const organizationId = settings.organizationId;
  const actor: AuditActor = { type: 'sso', userId: null, label: `single sign-on (${new URL(settings.issuer).host})`, ...requestOrigin(request) };
  let user = await findUserByEmail(trx, organizationId, email);
  if (user && !user.active) throw new Refused('deactivated', { email, userId: user.id });
  if (!user) {
    if (!settings.jitEnabled) throw new Refused('unknown_user', { email });
    const role = (groups && roleFromGroups(groups, settings.groupRoles)) ?? settings.jitRole;
    user = await insertUser(trx, organizationId, { email, name, role });
    await appendAudit(trx, organizationId, { actor, action: 'member.created', target: { type: 'user', id: user.id, label: email }, details: { role, jit: true } });
  }
  user = await nameIfUnnamed(trx, organizationId, user, name, actor);
  await markJoined(trx, organizationId, user.id, { method: 'sso', actor });
  const role = nextRole(user.role, groups, settings.groupRoles);
  if (role !== user.role) {
    await setRoleFromGroups(trx, organizationId, user.id, role, actor);
    user = { ...user, role };
  }
  if (groups !== undefined) {
    const { add, remove } = teamChanges(groups, settings.groupTeams, await teamIdsOf(trx, organizationId, user.id));
    // A mapped team deleted since the settings were saved is skipped.
    const existing = await existingTeamIds(trx, organizationId, add);
    add.splice(0, add.length, ...add.filter((teamId) => existing.has(teamId)));
    await joinTeams(trx, organizationId, user.id, add);
    await leaveTeams(trx, organizationId, user.id, remove);
    const names = await teamNames(trx, organizationId, [...add, ...remove]);
    for (const [teamIds, action] of [
      [add, 'team.member_added'],
      [remove, 'team.member_removed'],
    ] as const) {
      for (const teamId of teamIds) {
        await appendAudit(trx, organizationId, { actor, action, target: { type: 'team', id: teamId, label: names.get(teamId) ?? null }, details: { userId: user.id, email } });
      }
    }
  }
  return user;
}
