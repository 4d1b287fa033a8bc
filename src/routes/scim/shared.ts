import { Type } from '@sinclair/typebox';
import { ScimResource } from '../../schemas/index.js';

// What the SCIM routes share: their parameters and the open shape of their bodies.

export const ResourceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });

const Text = Type.Optional(Type.String({ maxLength: 2048 }));
/** RFC 7644 §3.4.2: filter, paging; `attributes`/`excludedAttributes` only decide whether groups list their members. */
export const ListQuery = Type.Object({ filter: Text, startIndex: Text, count: Text, attributes: Text, excludedAttributes: Text });
export const ResourceQuery = Type.Object({ attributes: Text, excludedAttributes: Text });

export const Resource = ScimResource;
/** A request body: an object; `schemas` is not required (some providers leave it out). */
export const Body = Type.Object({ schemas: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: true });

/** Whether an answer carries group members: not when `excludedAttributes` names them or `attributes` leaves them out. */
export function withMembers(query: { attributes?: string | undefined; excludedAttributes?: string | undefined }): boolean {
  const names = (text: string | undefined) => (text ?? '').split(',').map((name) => name.trim().toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, ''));
  if (names(query.excludedAttributes).includes('members')) return false;
  return query.attributes === undefined || query.attributes.trim() === '' || names(query.attributes).includes('members');
}
