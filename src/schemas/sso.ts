import { Type, type Static } from '@sinclair/typebox';
import { maskOfSealed } from '../domain/secret-box.js';
import { SSO_ROLES } from '../domain/sso.js';
import type { SsoSettingsRecord } from '../repositories/organization-sso.js';
import { StringEnum, UnixMillis } from './common.js';

// An organization's single sign-on settings (docs/sso.md). The client secret is write-only: it
// is answered as a mask.

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
const SsoRoleName = StringEnum(SSO_ROLES, { description: 'Owners are never made through single sign-on' });
const GroupName = Type.String({ minLength: 1, maxLength: 256, pattern: NO_CONTROL_CHARACTERS });

export const SsoSettingsInput = Type.Object(
  {
    issuer: Type.String({ minLength: 8, maxLength: 500, description: "The provider's issuer URL; checked by OpenID discovery" }),
    clientId: Type.String({ minLength: 1, maxLength: 500, pattern: NO_CONTROL_CHARACTERS }),
    clientSecret: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2000, description: 'Required the first time; omitted or sent back masked, the stored secret stays' }),
    ),
    allowedDomains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: 50, description: 'E-mail domains that sign in through this provider' }),
    jitEnabled: Type.Optional(Type.Boolean({ description: 'Create people of an allowed domain on their first sign-in (default false)' })),
    jitRole: Type.Optional(SsoRoleName),
    groupsClaim: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS, description: 'Default "groups"' })),
    groupRoles: Type.Optional(Type.Record(GroupName, SsoRoleName, { maxProperties: 200, description: 'Group → role; the highest role of the groups wins' })),
    groupTeams: Type.Optional(Type.Record(GroupName, Type.String({ minLength: 1, maxLength: 100 }), { maxProperties: 200, description: 'Group → team id' })),
    ssoRequired: Type.Optional(Type.Boolean({ description: "Refuse passwords for the organization's members, but the break-glass owner's" })),
    breakGlassUserId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'An active owner; required when ssoRequired' })),
  },
  { additionalProperties: false },
);

export const SsoSettingsView = Type.Object({
  issuer: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String({ description: 'The mask of the stored secret' }),
  allowedDomains: Type.Array(Type.String()),
  jitEnabled: Type.Boolean(),
  jitRole: SsoRoleName,
  groupsClaim: Type.String(),
  groupRoles: Type.Record(Type.String(), SsoRoleName),
  groupTeams: Type.Record(Type.String(), Type.String()),
  ssoRequired: Type.Boolean(),
  breakGlassUserId: Type.Union([Type.String(), Type.Null()]),
  updatedAt: UnixMillis,
});

export const SsoSettingsAnswer = Type.Object({
  sso: Type.Union([SsoSettingsView, Type.Null()], { description: 'null while single sign-on is not set up' }),
  redirectUri: Type.String({ description: 'Register this redirect URI at the provider' }),
});

export function ssoSettingsView(record: SsoSettingsRecord): Static<typeof SsoSettingsView> {
  return {
    issuer: record.issuer,
    clientId: record.clientId,
    clientSecret: maskOfSealed(record.sealedClientSecret),
    allowedDomains: record.allowedDomains,
    jitEnabled: record.jitEnabled,
    jitRole: record.jitRole,
    groupsClaim: record.groupsClaim,
    groupRoles: record.groupRoles,
    groupTeams: record.groupTeams,
    ssoRequired: record.ssoRequired,
    breakGlassUserId: record.breakGlassUserId,
    updatedAt: record.updatedAt.getTime(),
  };
}
