// The events Quarterdeck sends to webhook endpoints (docs/webhooks.md). Payloads carry ids and
// figures only: never prompts, messages, settings values or other content.

/** Event types an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['controls.changed', 'member.invited', 'member.limit_refused', 'webhook.disabled'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "send test event", to the one endpoint asked, whatever its subscriptions. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface WebhookEventPayloads {
  'controls.changed': { revision: number; userId: string };
  'member.invited': { userId: string; invitationId: string; expiresAt: string };
  'member.limit_refused': { userId: string; month: string; limit: number; used: number };
  'webhook.disabled': { webhookId: string; reason: string; disabledAt: string };
  'webhook.test': { webhookId: string };
}

/** Whether an endpoint subscribed to `types` (null: every type) wants an event of `type`. */
export function subscribes(types: readonly string[] | null, type: string): boolean {
  return types === null || types.includes(type);
}

/** A short line for people (the Slack body), with ids and figures only. */
export function eventSummary(type: string, data: Record<string, unknown>): string {
  switch (type) {
    case 'controls.changed':
      return `Enterprise controls changed: revision ${String(data.revision)} by user ${String(data.userId)}.`;
    case 'member.invited':
      return `User ${String(data.userId)} was invited; the invitation expires ${String(data.expiresAt)}.`;
    case 'member.limit_refused':
      return `User ${String(data.userId)} reached their monthly credit limit (${String(data.used)} of ${String(data.limit)} Standard Credits in ${String(data.month)}) and was refused.`;
    case 'webhook.disabled':
      return `Webhook ${String(data.webhookId)} was disabled: ${String(data.reason)}`;
    case TEST_EVENT_TYPE:
      return `Test event for webhook ${String(data.webhookId)}.`;
    default:
      return `Event ${type}.`;
  }
}
