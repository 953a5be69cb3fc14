import { useId, useRef, useState } from 'react';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '#frontend/features/integrations/api/webhooks.ts';
import { ConfirmDialog } from '#frontend/features/integrations/components/confirm-dialog.tsx';
import { DeliveryLog } from '#frontend/features/integrations/components/delivery-log.tsx';
import type { Webhook } from '#frontend/features/integrations/components/integration-types.ts';
import {
  Badge,
  EmptyState,
  IntegrationsCard,
  IntegrationsFrame,
  useFocusReturn,
} from '#frontend/features/integrations/components/integrations-ui.tsx';
import {
  OneTimeSecretDialog,
  type OneTimeSecret,
} from '#frontend/features/integrations/components/one-time-secret-dialog.tsx';
import {
  WebhookFormDialog,
  type WebhookFormMode,
} from '#frontend/features/integrations/components/webhook-form-dialog.tsx';
import {
  asSentence,
  canAddWebhook,
  eventLabel,
  messageOf,
  WEBHOOKS_PER_HOST_MAX,
  webhookState,
} from '#frontend/features/integrations/lib/integrations.ts';
import { detectTimeZone } from '#frontend/lib/dates.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const LIST_HEADING_ID = 'webhook-endpoints';
const ADD_BUTTON_ID = 'add-webhook';

/**
 * /integrations/webhooks (issue 29): the host's endpoints (URL, events, active or why Meetwise disabled it); add one
 * (its signing secret is shown once), edit, delete after a confirmation, send a test event, and read each one's
 * delivery log with "Redeliver".
 */
export function WebhooksPage() {
  useDocumentTitle('Webhooks · Meetwise');
  const [timeZone] = useState(detectTimeZone);
  const webhooks = useWebhooks();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [form, setForm] = useState<WebhookFormMode | null>(null);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const focusReturn = useFocusReturn();
  // The form's dialog closes because the secret's opens: that one takes focus.
  const handingOff = useRef(false);

  /** "Add endpoint", or the list's heading when no more can be added. */
  const addOrList = () => {
    const add = document.getElementById(ADD_BUTTON_ID) as HTMLButtonElement | null;
    return add && !add.disabled ? add : document.getElementById(LIST_HEADING_ID);
  };

  const sendTest = (webhook: Webhook) => {
    if (test.isPending) return;
    test.mutate(webhook.id, {
      onSuccess: () => {
        setOpenLog(webhook.id);
        toast({ title: 'Test event sent', description: 'Its delivery shows in the log in a moment.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Test event not sent',
          description: messageOf(error, 'Please try again.'),
        }),
    });
  };

  const confirmDelete = () => {
    if (!deleting || remove.isPending) return;
    setDeleteError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        focusReturn.from(null); // its row is gone: focus goes to "Add endpoint"
        if (openLog === deleting.id) setOpenLog(null);
        setDeleting(null);
        toast({ title: 'Endpoint deleted' });
      },
      onError: (error) => setDeleteError(messageOf(error, 'The endpoint could not be deleted. Please try again.')),
    });
  };

  const count = webhooks.data?.length ?? 0;
  const addable = canAddWebhook(count);

  return (
    <IntegrationsFrame
      title="Webhooks"
      intro={
        <>
          <p>
            Meetwise sends a POST request to your endpoints when a booking is created, rescheduled, cancelled,
            confirmed, declined or its guest marked as a no-show.
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Each request is signed the Standard Webhooks way (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
            <code>webhook-signature</code>): verify it with the endpoint&apos;s signing secret and any Standard Webhooks
            library. A request that fails is tried again for about a day.
          </p>
        </>
      }
    >
      <IntegrationsCard
        id={LIST_HEADING_ID}
        title="Endpoints"
        action={
          webhooks.isSuccess && (
            <Button
              id={ADD_BUTTON_ID}
              disabled={!addable}
              onClick={(event) => {
                focusReturn.from(event.currentTarget);
                setForm({ kind: 'create' });
              }}
            >
              Add endpoint
            </Button>
          )
        }
      >
        {webhooks.isPending ? (
          <PageLoading />
        ) : webhooks.isError ? (
          <ErrorAlert
            className=""
            title="Error loading webhooks"
            message={messageOf(webhooks.error, 'Something went wrong. Please try again later.')}
          />
        ) : (
          <>
            {!addable && (
              <p className="mb-4 text-sm text-slate-700 dark:text-slate-200">
                You have {WEBHOOKS_PER_HOST_MAX} endpoints, the most a host can have. Delete one to add another.
              </p>
            )}
            {webhooks.data.length === 0 ? (
              <EmptyState>No endpoints yet. Add one to receive your bookings&apos; events.</EmptyState>
            ) : (
              <ul aria-labelledby={LIST_HEADING_ID} className="grid gap-3">
                {webhooks.data.map((webhook) => (
                  <WebhookItem
                    key={webhook.id}
                    webhook={webhook}
                    timeZone={timeZone}
                    logOpen={openLog === webhook.id}
                    sending={test.isPending && test.variables === webhook.id}
                    onToggleLog={() => setOpenLog(openLog === webhook.id ? null : webhook.id)}
                    onTest={() => sendTest(webhook)}
                    onEdit={(button) => {
                      focusReturn.from(button);
                      setForm({ kind: 'edit', webhook });
                    }}
                    onDelete={(button) => {
                      focusReturn.from(button);
                      setDeleteError(null);
                      setDeleting(webhook);
                    }}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </IntegrationsCard>

      <WebhookFormDialog
        mode={form}
        onClose={() => setForm(null)}
        onCreated={(created) => {
          handingOff.current = true;
          setForm(null);
          setOpenLog(created.id);
          setSecret({
            title: 'Endpoint added',
            description:
              'Its signing secret verifies that a request comes from Meetwise (the webhook-signature header).',
            label: 'Signing secret',
            value: created.secret,
          });
        }}
        onCloseAutoFocus={(event) => {
          if (!handingOff.current) return focusReturn.onCloseAutoFocus(event, addOrList);
          handingOff.current = false;
          event.preventDefault();
        }}
      />
      <OneTimeSecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          addOrList()?.focus();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete endpoint"
        description={
          <>
            Deliveries to <span className="font-mono break-all">{deleting?.url}</span> stop and its delivery log is
            deleted. This cannot be undone.
          </>
        }
        confirm="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={deleteError}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => focusReturn.onCloseAutoFocus(event, addOrList)}
      />
    </IntegrationsFrame>
  );
}

function WebhookItem({
  webhook,
  timeZone,
  logOpen,
  sending,
  onToggleLog,
  onTest,
  onEdit,
  onDelete,
}: {
  webhook: Webhook;
  timeZone: string;
  logOpen: boolean;
  sending: boolean;
  onToggleLog: () => void;
  onTest: () => void;
  onEdit: (button: HTMLElement) => void;
  onDelete: (button: HTMLElement) => void;
}) {
  const urlId = useId();
  const logId = useId();
  const state = webhookState(webhook);
  return (
    <li data-testid="webhook" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={urlId} className="min-w-0 font-mono text-sm font-medium break-all text-slate-900 dark:text-white">
          {webhook.url}
        </h3>
        <Badge tone={state.active ? 'success' : state.reason ? 'danger' : 'neutral'}>{state.label}</Badge>
      </div>
      {state.reason && <p className="mt-1 text-sm text-red-800 dark:text-red-300">{asSentence(state.reason)}</p>}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
        <span className="font-medium">Events:</span> {webhook.events.map(eventLabel).join(', ')}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          aria-describedby={urlId}
          onClick={onToggleLog}
        >
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button variant="outline" size="sm" aria-describedby={urlId} disabled={sending} onClick={onTest}>
          {sending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button variant="outline" size="sm" aria-describedby={urlId} onClick={(event) => onEdit(event.currentTarget)}>
          Edit
        </Button>
        <Button variant="outline" size="sm" aria-describedby={urlId} onClick={(event) => onDelete(event.currentTarget)}>
          Delete
        </Button>
      </div>
      {logOpen && <DeliveryLog id={logId} webhook={webhook} webhookHeadingId={urlId} timeZone={timeZone} />}
    </li>
  );
}
