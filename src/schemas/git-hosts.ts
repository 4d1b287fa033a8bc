import { Type, type Static } from '@sinclair/typebox';
import type { GitDeliveryRecord } from '../repositories/git-deliveries.js';
import type { GitHostRecord } from '../repositories/git-hosts.js';
import { GIT_PROVIDERS } from '../domain/git-facts.js';
import { StringEnum, UnixMillis } from './common.js';

// Connected git hosts (docs/outcomes.md), times as Unix ms like the other v0 resources.


const fields = {
  id: Type.String(),
  provider: StringEnum(GIT_PROVIDERS),
  name: Type.String(),
  webhookUrl: Type.String({ description: 'Where the host posts its webhook deliveries' }),
  createdAt: UnixMillis,
};

export const GitHost = Type.Object(fields, { $id: 'GitHost' });
/** The answer of creation: the host and its webhook secret, shown this once. */
export const GitHostWithSecret = Type.Object({ ...fields, webhookSecret: Type.String({ description: 'Shown once: the secret to paste into the host' }) });

export function gitHostView(host: GitHostRecord, publicApiUrl: string): Static<typeof GitHost> {
  return { id: host.id, provider: host.provider, name: host.name, webhookUrl: `${publicApiUrl.replace(/\/+$/, '')}/api/v1/git-hosts/${host.id}/webhook`, createdAt: host.createdAt.getTime() };
}

export const GitDelivery = Type.Object(
  {
    id: Type.String(),
    deliveryId: Type.String({ description: "The host's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID)" }),
    event: Type.String({ description: 'As the host named it (X-GitHub-Event, X-Gitlab-Event)' }),
    outcome: StringEnum(['stored', 'ignored'], { description: 'ignored: an event Quarterdeck does not read' }),
    receivedAt: UnixMillis,
  },
  { $id: 'GitDelivery' },
);

export function gitDeliveryView(delivery: GitDeliveryRecord): Static<typeof GitDelivery> {
  return { id: delivery.id, deliveryId: delivery.deliveryId, event: delivery.event, outcome: delivery.outcome, receivedAt: delivery.receivedAt.getTime() };
}
