import { useId, useState } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useRedeliverWebhook, useWebhookDeliveries } from '#frontend/features/integrations/api/webhook-deliveries.ts';
import type { Webhook, WebhookDelivery } from '#frontend/features/integrations/components/integration-types.ts';
import { Badge, EmptyState } from '#frontend/features/integrations/components/integrations-ui.tsx';
import { deliveryRow, messageOf } from '#frontend/features/integrations/lib/integrations.ts';
import { zoneLabel } from '#frontend/lib/dates.ts';

/**
 * An endpoint's delivery log: its last 100 attempts, newest first (event, time in the viewer's zone, attempt, HTTP
 * status or why none came, duration, next retry), each with "Redeliver". Deliveries go out from a queue after the
 * click, so the log is asked again every few seconds while it is open, and at once after a redelivery.
 */
export function DeliveryLog({
  id,
  webhook,
  webhookHeadingId,
  timeZone,
}: {
  id: string;
  webhook: Webhook;
  /** The endpoint's URL heading: the log's buttons are described by it. */
  webhookHeadingId: string;
  timeZone: string;
}) {
  const headingId = useId();
  const deliveries = useWebhookDeliveries(webhook.id);
  const redeliver = useRedeliverWebhook(webhook.id);
  // Only a refresh asked for shows as one (the log is also asked again every few seconds, quietly).
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    if (refreshing) return;
    setRefreshing(true);
    void deliveries.refetch().finally(() => setRefreshing(false));
  };

  const onRedeliver = (delivery: WebhookDelivery) => {
    if (redeliver.isPending) return;
    redeliver.mutate(delivery.id, {
      onSuccess: () =>
        toast({ title: 'Redelivery queued', description: 'The new attempt shows in the log in a moment.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Redelivery failed',
          description: messageOf(error, 'Please try again.'),
        }),
    });
  };

  return (
    <section id={id} aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          Delivery log
        </h4>
        <Button variant="ghost" size="sm" aria-describedby={webhookHeadingId} onClick={refresh}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        The last 100 attempts, newest first. Times in {zoneLabel(timeZone)}.
      </p>
      <div className="mt-3">
        {deliveries.isPending ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Loading deliveries...
          </p>
        ) : deliveries.isError ? (
          <ErrorAlert
            className=""
            title="Error loading deliveries"
            message={messageOf(deliveries.error, 'Something went wrong. Please try again later.')}
          />
        ) : deliveries.data.length === 0 ? (
          <EmptyState>No deliveries yet. Send a test event to see one here.</EmptyState>
        ) : (
          <ol aria-labelledby={headingId} className="grid gap-2">
            {deliveries.data.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                timeZone={timeZone}
                redelivering={redeliver.isPending && redeliver.variables === delivery.id}
                disabled={redeliver.isPending}
                onRedeliver={() => onRedeliver(delivery)}
              />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function DeliveryItem({
  delivery,
  timeZone,
  redelivering,
  disabled,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  timeZone: string;
  redelivering: boolean;
  disabled: boolean;
  onRedeliver: () => void;
}) {
  const summaryId = useId();
  const row = deliveryRow(delivery, timeZone);
  return (
    <li
      data-testid="delivery"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-slate-700"
    >
      <div id={summaryId} className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-white">{row.event}</span>
          <Badge tone={row.succeeded ? 'success' : 'danger'}>{row.outcome}</Badge>
        </p>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          <time dateTime={delivery.at}>{row.time}</time>
          {' · '}
          {row.attempt}
          {row.duration && ` · took ${row.duration}`}
        </p>
        {row.detail && (
          <p className="mt-1 font-mono text-xs break-words text-slate-700 dark:text-slate-300">{row.detail}</p>
        )}
        {row.nextRetry && delivery.nextAttemptAt && (
          <p className="mt-1 text-slate-700 dark:text-slate-200">
            Next retry <time dateTime={delivery.nextAttemptAt}>{row.nextRetry}</time>
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-describedby={summaryId}
        disabled={disabled}
        onClick={onRedeliver}
      >
        {redelivering ? 'Redelivering...' : 'Redeliver'}
      </Button>
    </li>
  );
}
