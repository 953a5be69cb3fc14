import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { webhookDeliveriesKey, webhooksKey } from '#frontend/features/integrations/api/integrations-keys.ts';
import { apiRequest, type ApiRequestOptions, type ApiResponse } from '#frontend/lib/api.ts';

type Webhook = ApiResponse<'listWebhooks'>[number];

export type CreateWebhookRequest = ApiRequestOptions<'createWebhook'>['body'];
export type UpdateWebhookRequest = ApiRequestOptions<'updateWebhook'>['body'];

/** GET /api/webhooks → the caller's endpoints, oldest first, never their secrets. */
export const useWebhooks = () =>
  useQuery({ queryKey: webhooksKey, queryFn: ({ signal }) => apiRequest('listWebhooks', { signal }) });

/** POST /api/webhooks {url, events, active} → 201 with the signing secret, answered this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['createWebhook'],
    mutationFn: (body: CreateWebhookRequest) => apiRequest('createWebhook', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** PATCH /api/webhooks/{id} {url?, events?, active?} → the endpoint (switching it on clears why it was disabled). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['updateWebhook'],
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookRequest }) =>
      apiRequest('updateWebhook', { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** DELETE /api/webhooks/{id}: the endpoint and its log go; deliveries still queued for it stop. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['deleteWebhook'],
    mutationFn: (id: string) => apiRequest('deleteWebhook', { params: { id } }),
    onSuccess: (_answer, id) => {
      // Gone from the list at once (the screen moves focus away from its row), then the list is asked again.
      queryClient.setQueryData(webhooksKey, (list: Webhook[] | undefined) => list?.filter((each) => each.id !== id));
      queryClient.removeQueries({ queryKey: webhookDeliveriesKey(id) });
      void queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true });
    },
  });
}

/** POST /api/webhooks/{id}/test → 202: a signed `ping` is queued; its attempts show in the log. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['testWebhook'],
    mutationFn: (id: string) => apiRequest('testWebhook', { params: { id } }),
    onSuccess: (_answer, id) => void queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(id) }),
  });
}
