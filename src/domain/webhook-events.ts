import type { WeeklyDigest } from './weekly-digest.js';

// The events Quarterdeck sends to webhook endpoints (docs/webhooks.md). Payloads carry ids and
// figures only: never prompts, messages, settings values or other content.


/** Sent only by "send test event", to the one endpoint asked, whatever its subscriptions. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface WebhookEventPayloads {
  /** The identity as `GET /api/v0/organization/telemetry-identities` lists it (its id is `kind:value`). */
  'agent.identity_unattributed': { identityId: string; kind: string; agent: string };
  /** A connection (agent and sender, as Connected agents lists it) that exported daily went quiet. */
  'agent.quiet': { agent: string; sender: string; userId: string | null; identityId: string | null; version: string | null; lastSeenAt: string; quietForHours: number };
  'budget.threshold_crossed': { budgetId: string; scope: 'organization' | 'team'; teamId?: string; unit: 'money' | 'credits'; currency?: string; amount: number; threshold: number; spent: number; month: string };
  'controls.changed': { revision: number; userId: string };
  'member.invited': { userId: string; invitationId: string; expiresAt: string };
  'member.limit_reached': { userId: string; month: string; limit: number; used: number };
  'member.limit_refused': { userId: string; month: string; limit: number; used: number };
  'member.limit_warning': { userId: string; month: string; limit: number; used: number; threshold: number };
  'webhook.disabled': { webhookId: string; reason: string; disabledAt: string };
  'webhook.test': { webhookId: string };
  digest: WeeklyDigest;
}

/** Whether an endpoint subscribed to `types` (null: every type) wants an event of `type`. */
export function subscribes(types: readonly string[] | null, type: string): boolean {
  return types === null || types.includes(type);
}

/** A short line for people (the Slack body), with ids and figures only. */
export function eventSummary(type: string, data: Record<string, unknown>): string {
  switch (type) {
    case 'agent.identity_unattributed':
      return `A ${String(data.agent)} agent sends telemetry with an identity (${String(data.kind)}) that matches no member: identity ${String(data.identityId)} waits to be linked or invited.`;
    case 'agent.quiet':
      return `A ${String(data.agent)} agent that sent telemetry daily (${String(data.userId ? `user ${String(data.userId)}` : data.sender)}) has sent nothing for ${String(data.quietForHours)} hours, since ${String(data.lastSeenAt)}.`;
    case 'controls.changed':
      return `Enterprise controls changed: revision ${String(data.revision)} by user ${String(data.userId)}.`;
    case 'member.invited':
      return `User ${String(data.userId)} was invited; the invitation expires ${String(data.expiresAt)}.`;
    case 'budget.threshold_crossed': {
      const unit = data.unit === 'money' ? String(data.currency) : 'Standard Credits';
      const scope = data.scope === 'team' ? `Team ${String(data.teamId)}'s budget` : "The organization's budget";
      return `${scope} ${String(data.budgetId)} crossed ${String(data.threshold)} % in ${String(data.month)}: ${String(data.spent)} of ${String(data.amount)} ${unit}.`;
    }
    case 'member.limit_reached':
      return `User ${String(data.userId)} reached their monthly credit limit: ${String(data.used)} of ${String(data.limit)} Standard Credits used in ${String(data.month)}.`;
    case 'member.limit_warning':
      return `User ${String(data.userId)} used ${String(data.threshold)} % of their monthly credit limit: ${String(data.used)} of ${String(data.limit)} Standard Credits in ${String(data.month)}.`;
    case 'member.limit_refused':
      return `User ${String(data.userId)} reached their monthly credit limit (${String(data.used)} of ${String(data.limit)} Standard Credits in ${String(data.month)}) and was refused.`;
    case 'webhook.disabled':
      return `Webhook ${String(data.webhookId)} was disabled: ${String(data.reason)}`;
    case 'digest':
      return digestSummary(data as unknown as WeeklyDigest);
    case TEST_EVENT_TYPE:
      return `Test event for webhook ${String(data.webhookId)}.`;
    default:
      return `Event ${type}.`;
  }
}

function digestSummary(digest: WeeklyDigest): string {
  const top = digest.models[0];
  const spend = `${digest.billableTokens} billable tokens, ${digest.cost} ${digest.currency} at your prices${digest.unpricedModels.length > 0 ? ` (${digest.unpricedModels.length} models without a price left out)` : ''}`;
  const spikes = digest.spikes.map((spike) => `${spike.modelId ?? 'all models'} x${spike.ratio}`);
  return `Weekly digest ${digest.weekStart} to ${digest.weekEnd}: ${spend}.${top ? ` Top model: ${top.modelId}.` : ''}${spikes.length > 0 ? ` Spikes against the 4 weeks before: ${spikes.join(', ')}.` : ''}`;
}
