import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer, ComputerName, computerView } from '../../../schemas/index.js';
import { findVisibleComputerByName } from '../../../repositories/computers.js';

// GET /api/v0/computers/name/{name} — the computer of that name the caller may act on. Names are
// not unique in an organization: when several match, the oldest one (decisions.md §13).
export default async function getComputerByNameRoute(app: App) {
  app.get(
    '/computers/name/:name',
    {
      schema: { summary: 'Get a computer by name', tags: ['computers'], params: Type.Object({ name: ComputerName }), response: { 200: Type.Ref(Computer) } },
    },
    async (request) => computerView(await findVisibleComputerByName(app.services.db, principalOf(request), request.params.name)),
  );
}
