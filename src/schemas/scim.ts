import { Type, type Static } from '@sinclair/typebox';
import { SCIM, SCIM_TOKEN_PREFIX } from '../domain/scim.js';
import type { ScimGroupRecord } from '../repositories/scim-groups.js';
import type { ScimTokenRecord } from '../repositories/scim-tokens.js';
import type { ScimUserRecord } from '../repositories/scim-users.js';
import { createAjv } from './ajv.js';
import { UnixMillis } from './common.js';

// SCIM tokens (a v0 resource) and the SCIM 2.0 resources as Quarterdeck writes them (RFC 7643).
// SCIM bodies are open (providers send attributes Quarterdeck does not keep), so their schemas
// document the shape without closing it.

export const ScimToken = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: `The first characters of the token (${SCIM_TOKEN_PREFIX}…), to tell tokens apart` }),
    createdAt: UnixMillis,
    lastUsedAt: Type.Union([UnixMillis, Type.Null()]),
  },
  { $id: 'ScimToken' },
);

export function scimTokenView(token: ScimTokenRecord): Static<typeof ScimToken> {
  return { id: token.id, name: token.name, prefix: token.prefix, createdAt: token.createdAt.getTime(), lastUsedAt: token.lastUsedAt?.getTime() ?? null };
}

/** A SCIM resource or message: `schemas` plus attributes (RFC 7643 §3). */
export const ScimResource = Type.Object({ schemas: Type.Array(Type.String()) }, { additionalProperties: true, description: 'A SCIM 2.0 resource (RFC 7643)' });
/** The SCIM error body (RFC 7644 §3.12): what identity providers read, instead of the one error body. */
export const ScimErrorBody = Type.Object(
  { schemas: Type.Array(Type.Literal(SCIM.error)), status: Type.String({ description: 'The HTTP status, as a string' }), scimType: Type.Optional(Type.String()), detail: Type.String() },
  { $id: 'ScimError', description: 'SCIM endpoints answer errors in SCIM\'s own body (docs/decisions.md "SCIM errors")' },
);

const emailCheck = createAjv({ coerceTypes: false }).compile({ type: 'string', format: 'email' });
/** The e-mail check of the members API (ajv-formats), for userName. */
export const isEmail = (text: string): boolean => emailCheck(text);

const meta = (resourceType: string, location: string, created: Date, lastModified: Date) => ({
  resourceType,
  created: created.toISOString(),
  lastModified: lastModified.toISOString(),
  location,
  version: `W/"${lastModified.getTime()}"`,
});

export function scimUserView(user: ScimUserRecord, baseUrl: string) {
  const name = {
    ...(user.name !== null && { formatted: user.name }),
    ...(user.givenName !== null && { givenName: user.givenName }),
    ...(user.familyName !== null && { familyName: user.familyName }),
  };
  return {
    schemas: [SCIM.user],
    id: user.id,
    ...(user.externalId !== null && { externalId: user.externalId }),
    userName: user.email,
    name,
    displayName: user.displayName ?? user.name ?? user.email,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.active,
    meta: meta('User', `${baseUrl}/Users/${user.id}`, user.createdAt, user.lastModified),
  };
}

export function scimGroupView(group: ScimGroupRecord, baseUrl: string) {
  return {
    schemas: [SCIM.group],
    id: group.id,
    ...(group.externalId !== null && { externalId: group.externalId }),
    displayName: group.name,
    ...(group.members && { members: group.members.map((member) => ({ value: member.id, display: member.email, $ref: `${baseUrl}/Users/${member.id}`, type: 'User' })) }),
    meta: meta('Group', `${baseUrl}/Groups/${group.id}`, group.createdAt, group.updatedAt),
  };
}

export function scimListView<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCIM.listResponse], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
