import { Type } from '@sinclair/typebox';
import type { App } from '../../http/context.js';
import { boundedJsonParser } from '../../http/json-body.js';
import { authenticateScim, scimErrorBody, sendScimError, SCIM_MEDIA_TYPE } from '../../http/scim.js';
import { ScimErrorBody } from '../../schemas/index.js';
import createGroup from './groups-create.js';
import deleteGroup from './groups-delete.js';
import getGroup from './groups-get.js';
import listGroups from './groups-list.js';
import patchGroup from './groups-patch.js';
import replaceGroup from './groups-replace.js';
import resourceTypes from './resource-types.js';
import schemas from './schemas.js';
import serviceProviderConfig from './service-provider-config.js';
import createUser from './users-create.js';
import deleteUser from './users-delete.js';
import getUser from './users-get.js';
import listUsers from './users-list.js';
import patchUser from './users-patch.js';
import replaceUser from './users-replace.js';

// /scim/v2 (docs/scim.md): SCIM 2.0 for identity providers, authenticated by an organization's
// SCIM token alone. Bodies in application/scim+json (application/json too), answers in
// application/scim+json, errors in SCIM's own body (docs/decisions.md "SCIM errors").
export default async function scimRoutes(app: App) {
  app.decorateRequest('scim', null);
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, boundedJsonParser(app));
  app.setErrorHandler(sendScimError);
  app.setNotFoundHandler((request, reply) => reply.code(404).type(SCIM_MEDIA_TYPE).send(scimErrorBody(404, `no SCIM endpoint ${request.method} ${request.url.split('?')[0]}`)));
  // Members' personal data: no cache keeps it. SCIM routes document their own error body.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('Cache-Control', 'no-store');
    done();
  });
  app.addHook('onRoute', (route) => {
    const response = (route.schema ??= {}).response ??= {};
    (response as Record<string, unknown>)['4xx'] = Type.Ref(ScimErrorBody);
    (response as Record<string, unknown>)['5xx'] = Type.Ref(ScimErrorBody);
  });
  app.addHook('onRequest', authenticateScim(app.services.db));
  app.addHook('preHandler', app.rateLimit({ max: app.services.config.rateLimitPerMinute, keyGenerator: (request) => `scim:${request.scim?.tokenId ?? request.ip}` }));
  // Every answer is SCIM's media type.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 204) reply.type(SCIM_MEDIA_TYPE);
    done(null, payload);
  });
  for (const route of [serviceProviderConfig, schemas, resourceTypes, listUsers, getUser, createUser, replaceUser, patchUser, deleteUser, listGroups, getGroup, createGroup, replaceGroup, patchGroup, deleteGroup]) {
    await app.register(route);
  }
}
