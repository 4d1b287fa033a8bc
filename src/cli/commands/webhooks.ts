import type { WebhookEventType } from '../../sdk/webhook-event-types.js';
import { apiCommand, givenOptions, ONE, v0List, type ApiContext } from './api-command.js';

// `quarterdeck webhooks list|get|create|update|enable|disable|delete|rotate-secret|deliveries|
// attempts|replay|test`: webhook endpoints of the organization (docs/webhooks.md), owner and
// manager only. The signing secret is printed once, by create and rotate-secret.

const ENDPOINT_OPTIONS = {
  description: { type: 'string', description: 'What the endpoint is for' },
  events: { type: 'string', description: 'Comma-separated event types (default: every type)' },
  'all-events': { type: 'boolean', description: 'Every event type, present and future' },
  'payload-format': { type: 'string', description: 'standard (the default) or slack' },
} as const;

// The server checks the event types and format: anything else is its 400.
type EndpointChanges = { description?: string; eventTypes?: WebhookEventType[] | null; format?: 'standard' | 'slack' };

function endpointChanges(context: ApiContext): EndpointChanges {
  const events = context.option('events');
  const format = context.option('payload-format');
  return {
    ...givenOptions(context, { description: 'description' }),
    ...(events !== undefined && { eventTypes: events.split(',').map((type) => type.trim()).filter(Boolean) as WebhookEventType[] }),
    ...(context.args.values['all-events'] === true && { eventTypes: null }),
    ...(format !== undefined && { format: format as 'standard' | 'slack' }),
  };
}

const webhookPath = (context: ApiContext) => ({ webhookId: context.args.positionals[0]! });

export const webhooksList = apiCommand({
  name: ['webhooks', 'list'],
  usage: '',
  summary: 'Webhook endpoints of the organization',
  list: true,
  call: (context) => v0List(context, '/api/v0/webhooks', 'webhooks'),
});

export const webhooksGet = apiCommand({
  name: ['webhooks', 'get'],
  usage: '<webhookId>',
  summary: 'One webhook endpoint',
  positionals: ONE,
  async call(context) {
    return { value: (await context.client.request('get', '/api/v0/webhooks/{webhookId}', { path: webhookPath(context) })).webhook };
  },
});

export const webhooksCreate = apiCommand({
  name: ['webhooks', 'create'],
  usage: '<url> [--events T1,T2 | --all-events] [--description D] [--payload-format standard|slack]',
  summary: 'Create a webhook endpoint (prints its signing secret, once)',
  options: ENDPOINT_OPTIONS,
  positionals: ONE,
  async call(context) {
    return { value: await context.client.request('post', '/api/v0/webhooks', { body: { url: context.args.positionals[0]!, ...endpointChanges(context) } }) };
  },
});

export const webhooksUpdate = apiCommand({
  name: ['webhooks', 'update'],
  usage: '<webhookId> [--url U] [--events T1,T2 | --all-events] [--description D] [--payload-format standard|slack]',
  summary: 'Change a webhook endpoint',
  options: { ...ENDPOINT_OPTIONS, url: { type: 'string', description: 'The new URL' } },
  positionals: ONE,
  async call(context) {
    const url = context.option('url');
    const body = { ...endpointChanges(context), ...(url !== undefined && { url }) };
    return { value: (await context.client.request('patch', '/api/v0/webhooks/{webhookId}', { path: webhookPath(context), body })).webhook };
  },
});

const switchCommand = (enabled: boolean) =>
  apiCommand({
    name: ['webhooks', enabled ? 'enable' : 'disable'],
    usage: '<webhookId>',
    summary: enabled ? 'Enable a webhook endpoint (its pending deliveries go out again)' : 'Disable a webhook endpoint',
    positionals: ONE,
    async call(context) {
      return { value: (await context.client.request('patch', '/api/v0/webhooks/{webhookId}', { path: webhookPath(context), body: { enabled } })).webhook };
    },
  });
export const webhooksEnable = switchCommand(true);
export const webhooksDisable = switchCommand(false);

export const webhooksDelete = apiCommand({
  name: ['webhooks', 'delete'],
  usage: '<webhookId>',
  summary: 'Delete a webhook endpoint with its deliveries and log',
  positionals: ONE,
  async call(context) {
    await context.client.request('delete', '/api/v0/webhooks/{webhookId}', { path: webhookPath(context) });
    context.io.stderr(`deleted ${context.args.positionals[0]}\n`);
    return { none: true };
  },
});

export const webhooksRotateSecret = apiCommand({
  name: ['webhooks', 'rotate-secret'],
  usage: '<webhookId>',
  summary: 'Replace the signing secret (prints the new one, once)',
  positionals: ONE,
  async call(context) {
    return { value: await context.client.request('post', '/api/v0/webhooks/{webhookId}/rotate-secret', { path: webhookPath(context) }) };
  },
});

const logCommand = (name: 'deliveries' | 'attempts', summary: string) =>
  apiCommand({
    name: ['webhooks', name],
    usage: '<webhookId>',
    summary,
    list: true,
    positionals: ONE,
    call: (context) => v0List(context, `/api/v0/webhooks/{webhookId}/${name}`, name, webhookPath(context)),
  });
export const webhooksDeliveries = logCommand('deliveries', 'Deliveries of a webhook endpoint, newest first');
export const webhooksAttempts = logCommand('attempts', 'The delivery log of a webhook endpoint, newest first');

export const webhooksReplay = apiCommand({
  name: ['webhooks', 'replay'],
  usage: '<webhookId> <deliveryId>',
  summary: 'Send a delivery again',
  positionals: { min: 2, max: 2 },
  async call(context) {
    const [webhookId, deliveryId] = context.args.positionals as [string, string];
    return { value: (await context.client.request('post', '/api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay', { path: { webhookId, deliveryId } })).delivery };
  },
});

export const webhooksTest = apiCommand({
  name: ['webhooks', 'test'],
  usage: '<webhookId>',
  summary: 'Send a webhook.test event to an endpoint',
  positionals: ONE,
  async call(context) {
    return { value: (await context.client.request('post', '/api/v0/webhooks/{webhookId}/test', { path: webhookPath(context) })).delivery };
  },
});
