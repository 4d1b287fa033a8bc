import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { Computer } from '../../../schemas/index.js';
import { findComputer } from '../../../repositories/computers.js';
import { computerView } from '../../../schemas/index.js';

// What the agent routes answer about the computer itself.

export const AgentComputerResponse = Type.Object({ computer: Type.Ref(Computer) });

/** The computer as its agent sees it, after a change. */
export async function agentComputer(app: App, organizationId: string, computerId: string) {
  const computer = await findComputer(app.services.db, organizationId, computerId);
  if (!computer) throw new Error(`computer ${computerId} vanished`);
  return { computer: computerView(computer) };
}
