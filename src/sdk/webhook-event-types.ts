// The events an endpoint may subscribe to (docs/webhooks.md): what the API accepts and the console offers.

/** Event types an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'agent.identity_unattributed',
  'agent.quiet',
  'budget.threshold_crossed',
  'controls.changed',
  'member.invited',
  'member.limit_reached',
  'member.limit_refused',
  'member.limit_warning',
  'webhook.disabled',
  'digest',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
