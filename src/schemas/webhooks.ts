import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '../sdk/webhook-event-types.js';
import type { AttemptRecord, DeliveryRecord } from '../repositories/webhook-deliveries.js';
import { WEBHOOK_FORMATS, type WebhookEndpointRecord } from '../repositories/webhooks.js';
import { StringEnum, UnixMillis } from './common.js';

// Webhook endpoints, their deliveries and delivery log (docs/webhooks.md), times as Unix ms like
// the other v0 resources.

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

export const WebhookUrl = Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL the events are POSTed to; non-public addresses are refused unless WEBHOOK_ALLOW_PRIVATE' });
export const WebhookDescription = Type.String({ maxLength: 500, pattern: NO_CONTROL_CHARACTERS });
export const WebhookEventTypes = Type.Union([Type.Array(StringEnum(WEBHOOK_EVENT_TYPES), { minItems: 1, uniqueItems: true }), Type.Null()], {
  description: 'The event types sent to this endpoint; null: every type',
});
export const WebhookFormatName = StringEnum(WEBHOOK_FORMATS, { description: 'standard: the Standard Webhooks envelope {type, timestamp, data}; slack: a Slack message {text, blocks}' });

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    description: Type.String(),
    eventTypes: Type.Union([Type.Array(Type.String()), Type.Null()]),
    format: WebhookFormatName,
    enabled: Type.Boolean(),
    disabledAt: Type.Union([UnixMillis, Type.Null()]),
    disabledReason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was disabled: by whom, or the delivery that ran out of retries' }),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
  },
  { $id: 'WebhookEndpoint' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: 'The webhook-id header of its requests' }),
    webhookId: Type.String(),
    eventId: Type.String(),
    eventType: Type.String(),
    status: StringEnum(['pending', 'succeeded', 'failed']),
    attempts: Type.Integer({ minimum: 0 }),
    nextAttemptAt: Type.Union([UnixMillis, Type.Null()]),
    deliveredAt: Type.Union([UnixMillis, Type.Null()]),
    createdAt: UnixMillis,
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookAttempt = Type.Object(
  {
    id: Type.String(),
    deliveryId: Type.String(),
    eventId: Type.String(),
    eventType: Type.String(),
    attempt: Type.Integer({ minimum: 1 }),
    attemptedAt: UnixMillis,
    statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no answer came' }),
    latencyMs: Type.Integer({ minimum: 0 }),
    responseExcerpt: Type.String({ description: 'The first 1024 bytes of the answer' }),
    error: Type.Union([Type.String(), Type.Null()]),
    succeeded: Type.Boolean(),
  },
  { $id: 'WebhookAttempt' },
);

/** An endpoint with its signing secret: answered once, at creation and rotation. */
export const WebhookWithSecret = Type.Object({
  webhook: Type.Ref(WebhookEndpoint),
  secret: Type.String({ description: 'The signing secret (whsec_...), shown once' }),
});

const millis = (date: Date | null) => (date === null ? null : date.getTime());

export function webhookView(webhook: WebhookEndpointRecord): Static<typeof WebhookEndpoint> {
  return {
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    eventTypes: webhook.eventTypes,
    format: webhook.format,
    enabled: webhook.enabled,
    disabledAt: millis(webhook.disabledAt),
    disabledReason: webhook.disabledReason,
    createdAt: webhook.createdAt.getTime(),
    updatedAt: webhook.updatedAt.getTime(),
  };
}

export function deliveryView(delivery: DeliveryRecord): Static<typeof WebhookDelivery> {
  return { ...delivery, nextAttemptAt: millis(delivery.nextAttemptAt), deliveredAt: millis(delivery.deliveredAt), createdAt: delivery.createdAt.getTime() };
}

export function attemptView(attempt: AttemptRecord): Static<typeof WebhookAttempt> {
  return { ...attempt, attemptedAt: attempt.attemptedAt.getTime() };
}
