import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { webhookDeliveriesKey } from '#frontend/features/integrations/api/integrations-keys.ts';
import { apiRequest } from '#frontend/lib/api.ts';

/** While a log is open it is asked again this often: deliveries are sent from a queue, after the click. */
export const DELIVERY_LOG_REFRESH_MS = 5_000;

/** GET /api/webhooks/{id}/deliveries → the endpoint's last 100 attempts, newest first. */
export const useWebhookDeliveries = (webhookId: string) =>
  useQuery({
    queryKey: webhookDeliveriesKey(webhookId),
    queryFn: ({ signal }) => apiRequest('listWebhookDeliveries', { params: { id: webhookId }, signal }),
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver → 202: the same event again, a new attempt. */
export function useRedeliverWebhook(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['redeliverWebhook'],
    mutationFn: (deliveryId: string) => apiRequest('redeliverWebhook', { params: { id: webhookId, deliveryId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(webhookId) }),
  });
}
