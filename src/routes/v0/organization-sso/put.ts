import { principalOf } from '../../../http/auth.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import type { App } from '../../../http/context.js';
import { invalidInput, notFound } from '../../../domain/errors.js';
import { isMasked, maskOfSealed } from '../../../domain/secret-box.js';
import { assertSettingsConsistent, DEFAULT_GROUPS_CLAIM, normalizeDomains, parseIssuer, ssoRedirectUri, type SsoSettings } from '../../../domain/sso.js';
import { appendAudit } from '../../../repositories/audit-log.js';
import { existingTeamIds, findSsoSettings, isActiveOwner, saveSsoSettings, type SsoSettingsRecord } from '../../../repositories/organization-sso.js';
import { SsoSettingsAnswer, SsoSettingsInput, ssoSettingsView } from '../../../schemas/index.js';
import { discoverProvider, discoveryFailure } from '../../../services/oidc.js';

// PUT /api/v0/organization/sso — sets the whole configuration. The issuer is checked by OpenID
// discovery with the given client before anything is stored.

const SETTING_FIELDS = ['issuer', 'clientId', 'allowedDomains', 'jitEnabled', 'jitRole', 'groupsClaim', 'groupRoles', 'groupTeams', 'ssoRequired', 'breakGlassUserId'] as const;

export default async function putSsoRoute(app: App) {
  app.put(
    '/organization/sso',
    { schema: { summary: 'Set the single sign-on settings', tags: ['sso'], body: SsoSettingsInput, response: { 200: SsoSettingsAnswer } } },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { db } = app.services;
      const body = request.body;
      const settings: SsoSettings = {
        // Kept as given: the ID token's issuer must equal it exactly (a trailing slash included).
        issuer: parseIssuer(body.issuer.trim(), app.services.config.ssoAllowPrivateIssuers) && body.issuer.trim(),
        clientId: body.clientId,
        allowedDomains: normalizeDomains(body.allowedDomains),
        jitEnabled: body.jitEnabled ?? false,
        jitRole: body.jitRole ?? 'member',
        groupsClaim: body.groupsClaim ?? DEFAULT_GROUPS_CLAIM,
        groupRoles: body.groupRoles ?? {},
        groupTeams: body.groupTeams ?? {},
        ssoRequired: body.ssoRequired ?? false,
        breakGlassUserId: body.breakGlassUserId ?? null,
      };
      assertSettingsConsistent(settings);
      const previous = await findSsoSettings(db, organizationId);
      const clientSecret = resolveSecret(body.clientSecret, previous);
      if (settings.breakGlassUserId !== null && !(await isActiveOwner(db, organizationId, settings.breakGlassUserId))) {
        throw invalidInput('breakGlassUserId must be an active owner of this organization', [{ path: 'body/breakGlassUserId', message: 'not an active owner' }]);
      }
      const teams = Object.values(settings.groupTeams);
      const known = await existingTeamIds(db, organizationId, teams);
      const unknown = teams.filter((team) => !known.has(team));
      if (unknown.length > 0) throw notFound(`team ${unknown[0]}`);

      const box = await app.services.secretBox();
      const plainSecret = clientSecret.plain ?? box.open(clientSecret.sealed!);
      try {
        await discoverProvider({ issuer: settings.issuer, clientId: settings.clientId, clientSecret: plainSecret, allowPrivate: app.services.config.ssoAllowPrivateIssuers });
      } catch (error) {
        request.log.info({ err: error, issuer: settings.issuer }, 'OpenID discovery failed');
        throw invalidInput(`OpenID discovery of ${settings.issuer} failed: ${discoveryFailure(error)}`, [{ path: 'body/issuer', message: 'discovery failed' }]);
      }
      const sealedClientSecret = clientSecret.sealed ?? box.seal(plainSecret);
      const saved = await db.transaction().execute(async (trx) => {
        const record = await saveSsoSettings(trx, organizationId, { ...settings, sealedClientSecret });
        const fields = changedFields(previous, settings, clientSecret.plain !== undefined && !(previous && box.holds(previous.sealedClientSecret, clientSecret.plain)));
        await appendAudit(trx, organizationId, { actor: auditActorOf(request), action: 'sso.settings_changed', target: { type: 'sso', id: organizationId }, details: { created: !previous, fields } });
        return record;
      });
      return { sso: ssoSettingsView(saved), redirectUri: ssoRedirectUri(app.services.config.publicAppUrl) };
    },
  );
}

/** The secret to keep: a new one, or the stored one when omitted or sent back as its mask. */
function resolveSecret(given: string | undefined, previous: SsoSettingsRecord | undefined): { plain?: string; sealed?: string } {
  if (given !== undefined && !isMasked(given)) return { plain: given };
  if (!previous) throw invalidInput('clientSecret is required when single sign-on is set up the first time', [{ path: 'body/clientSecret', message: 'required' }]);
  if (given !== undefined && given !== maskOfSealed(previous.sealedClientSecret)) {
    throw invalidInput('a masked clientSecret must be the mask of the stored secret; send the secret itself to change it', [{ path: 'body/clientSecret', message: 'unknown mask' }]);
  }
  return { sealed: previous.sealedClientSecret };
}

/** Names of the settings that changed (the secret is named, never shown). */
function changedFields(previous: SsoSettingsRecord | undefined, next: SsoSettings, secretChanged: boolean): string[] {
  const fields = SETTING_FIELDS.filter((field) => !previous || comparable(previous[field]) !== comparable(next[field]));
  return secretChanged || !previous ? [...fields, 'clientSecret'] : [...fields];
}

/** JSON with object keys sorted (jsonb does not keep their order). */
function comparable(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return JSON.stringify(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}
