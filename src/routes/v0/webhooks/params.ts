import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../../domain/errors.js';
import { webhookUrlProblem } from '../../../domain/public-address.js';

// Path parameters of the webhook routes, and the URL check create and update share.
export const WebhookParams = Type.Object({ webhookId: Type.String({ minLength: 1, maxLength: 128 }) });
export const DeliveryParams = Type.Object({ webhookId: Type.String({ minLength: 1, maxLength: 128 }), deliveryId: Type.String({ minLength: 1, maxLength: 128 }) });

/** 400 naming body/url when the URL may not receive webhooks (domain/public-address.ts). */
export function assertWebhookUrl(url: string, allowPrivate: boolean): void {
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem) throw invalidInput(`url ${problem}`, [{ path: 'body/url', message: problem }]);
}
