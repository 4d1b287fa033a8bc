import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer } from '../../../http/schemas.js';
import { computerView, visibleComputer } from './access.js';
import { ComputerParams } from './params.js';

// GET /api/v0/computers/{computerId}
export default async function getComputerRoute(app: App) {
  app.get(
    '/computers/:computerId',
    {
      schema: { summary: 'Get a computer', tags: ['computers'], params: ComputerParams, response: { 200: Type.Ref(Computer) } },
    },
    async (request) => computerView(await visibleComputer(app.services.db, principalOf(request), request.params.computerId)),
  );
}
