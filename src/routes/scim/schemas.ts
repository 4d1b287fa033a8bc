import type { App } from '../../http/context.js';
import { scimBaseUrl } from '../../http/scim.js';
import { SCIM } from '../../domain/scim.js';
import { scimListView } from '../../schemas/index.js';
import { Resource } from './shared.js';

// GET /scim/v2/Schemas (RFC 7643 §7): the attributes Quarterdeck keeps. Others a provider sends
// are accepted and not stored (docs/scim.md "Attributes").

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER = {
  id: SCIM.user,
  name: 'User',
  description: 'A member of the organization',
  attributes: [
    attribute('userName', { required: true, uniqueness: 'server', description: "The member's e-mail address" }),
    attribute('name', {
      type: 'complex',
      subAttributes: [attribute('formatted', { description: "The member's name in Quarterdeck" }), attribute('givenName'), attribute('familyName')],
    }),
    attribute('displayName'),
    attribute('emails', { type: 'complex', multiValued: true, mutability: 'readOnly', description: 'The userName, as the one work e-mail', subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })] }),
    attribute('active', { type: 'boolean', description: 'false deactivates the member: keys, computers\' tokens and console sessions stop' }),
    attribute('externalId', { caseExact: true }),
  ],
};

const GROUP = {
  id: SCIM.group,
  name: 'Group',
  description: 'A team of the organization',
  attributes: [
    attribute('displayName', { required: true, uniqueness: 'server' }),
    attribute('externalId', { caseExact: true }),
    attribute('members', { type: 'complex', multiValued: true, subAttributes: [attribute('value', { caseExact: true }), attribute('display', { mutability: 'readOnly' }), attribute('type', { mutability: 'readOnly' })] }),
  ],
};

export default async function schemasRoute(app: App) {
  app.get('/Schemas', { schema: { summary: 'SCIM: schemas', tags: ['scim'], response: { 200: Resource } } }, async () => {
    const base = scimBaseUrl(app.services.config.publicApiUrl);
    const schemas = [USER, GROUP].map((schema) => ({ schemas: [SCIM.schema], ...schema, meta: { resourceType: 'Schema', location: `${base}/Schemas/${schema.id}` } }));
    return scimListView(schemas, schemas.length, 1);
  });
}
