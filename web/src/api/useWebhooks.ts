import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Webhook, type WebhookChanges } from './client';

// Webhook endpoints (/api/v0/webhooks), their deliveries and their attempt log. Every change
// refreshes the endpoints and what hangs off them (a test event or a replay adds a delivery).

const WEBHOOKS_KEY = ['webhooks'] as const;
/** How many of an endpoint's newest deliveries and attempts the console shows. */
export const LOG_LENGTH = 50;

async function fetchAllWebhooks(): Promise<Webhook[]> {
  const webhooks: Webhook[] = [];
  for await (const webhook of api.paginate('/api/v0/webhooks', 'webhooks', { query: { limit: 100 } })) webhooks.push(webhook);
  return webhooks;
}

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: fetchAllWebhooks });
}

export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, webhookId, 'deliveries'],
    queryFn: async () => (await api.request('get', '/api/v0/webhooks/{webhookId}/deliveries', { path: { webhookId }, query: { limit: LOG_LENGTH } })).deliveries,
    // Deliveries settle in the background (retries, the next delivery pass).
    refetchInterval: 5000,
  });
}

export function useWebhookAttempts(webhookId: string) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, webhookId, 'attempts'],
    queryFn: async () => (await api.request('get', '/api/v0/webhooks/{webhookId}/attempts', { path: { webhookId }, query: { limit: LOG_LENGTH } })).attempts,
    refetchInterval: 5000,
  });
}

function useWebhooksMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}

export function useCreateWebhook() {
  return useWebhooksMutation((body: WebhookChanges & { url: string }) => api.request('post', '/api/v0/webhooks', { body }));
}

export function useUpdateWebhook() {
  return useWebhooksMutation(({ webhookId, changes }: { webhookId: string; changes: WebhookChanges }) =>
    api.request('patch', '/api/v0/webhooks/{webhookId}', { path: { webhookId }, body: changes }),
  );
}

export function useDeleteWebhook() {
  return useWebhooksMutation((webhookId: string) => api.request('delete', '/api/v0/webhooks/{webhookId}', { path: { webhookId } }));
}

export function useRotateWebhookSecret() {
  return useWebhooksMutation((webhookId: string) => api.request('post', '/api/v0/webhooks/{webhookId}/rotate-secret', { path: { webhookId } }));
}

export function useSendTestEvent() {
  return useWebhooksMutation((webhookId: string) => api.request('post', '/api/v0/webhooks/{webhookId}/test', { path: { webhookId } }));
}

export function useReplayDelivery() {
  return useWebhooksMutation(({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
    api.request('post', '/api/v0/webhooks/{webhookId}/deliveries/{deliveryId}/replay', { path: { webhookId, deliveryId } }),
  );
}
