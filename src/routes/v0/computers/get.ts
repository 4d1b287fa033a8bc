import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer } from '../../../schemas/index.js';
import { ComputerParams } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';

// GET /api/v0/computers/{computerId}
export default async function getComputerRoute(app: App) {
  app.get(
    '/computers/:computerId',
    {
      schema: { summary: 'Get a computer', tags: ['computers'], params: ComputerParams, response: { 200: Type.Ref(Computer) } },
    },
    async (request) => computerView(await findVisibleComputer(app.services.db, principalOf(request), request.params.computerId)),
  );
}
