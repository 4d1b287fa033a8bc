import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { listIdentities } from '../../../repositories/telemetry-identities.js';
import { Pagination, StringEnum, TelemetryIdentity, telemetryIdentityView } from '../../../schemas/index.js';

const STATUSES = ['unattributed', 'linked', 'all'] as const;

// GET /api/v0/organization/telemetry-identities?status=unattributed|linked|all — identities
// telemetry carried (e-mails, vendor accounts, installations), in id order; by default those no
// member matches yet, whose events wait to be linked.
export default async function listIdentitiesRoute(app: App) {
  app.get(
    '/organization/telemetry-identities',
    {
      schema: {
        summary: 'Identities telemetry carried, unattributed ones by default',
        tags: ['telemetry'],
        querystring: Type.Object({ ...PageQuery, status: Type.Optional(StringEnum(STATUSES, { description: 'unattributed (default), linked or all' })) }),
        response: { 200: Type.Object({ identities: Type.Array(Type.Ref(TelemetryIdentity)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const status = request.query.status ?? 'unattributed';
      // The cursor is bound to the status: a page of one list does not continue another.
      const list = `telemetry-identities:${status}`;
      const page = readPage(request.query, list, organizationId);
      const rows = await listIdentities(app.services.db, organizationId, status, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (identity) => identity.id);
      return { identities: items.map(telemetryIdentityView), pagination };
    },
  );
}
