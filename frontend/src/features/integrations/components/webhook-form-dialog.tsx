import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';

import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { SwitchField } from '#frontend/components/ui/switch.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCreateWebhook, useUpdateWebhook } from '#frontend/features/integrations/api/webhooks.ts';
import type { CreatedWebhook, Webhook } from '#frontend/features/integrations/components/integration-types.ts';
import { FormAlert } from '#frontend/features/integrations/components/integrations-ui.tsx';
import {
  asSentence,
  createWebhookBodyOf,
  EVENT_LABELS,
  messageOf,
  newWebhookForm,
  serverFieldErrors,
  toggleEvent,
  updateWebhookBodyOf,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FIELDS,
  webhookFormOf,
  webhookState,
  type WebhookField,
  type WebhookFormValues,
} from '#frontend/features/integrations/lib/integrations.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import type { FieldErrors } from '#frontend/lib/field-errors.ts';

/** What the form dialog is open for: a new endpoint, or one to edit. */
export type WebhookFormMode = { kind: 'create' } | { kind: 'edit'; webhook: Webhook };

/**
 * "Add endpoint" and "Edit endpoint": the URL, the events (checkboxes, all six by default) and the active switch.
 * The form is checked with the route's schema before it is sent and the server's 400 details land next to the same
 * fields (focus goes to the first one); any other refusal (the 10-endpoint limit, an address the server will not
 * call) shows at the top of the form. A new endpoint's answer carries its secret: `onCreated` shows it.
 */
export function WebhookFormDialog({
  mode,
  onClose,
  onCreated,
  onCloseAutoFocus,
}: {
  mode: WebhookFormMode | null;
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-lg gap-4 overflow-y-auto p-6" onCloseAutoFocus={onCloseAutoFocus}>
        {mode && (
          <WebhookForm
            key={mode.kind === 'edit' ? mode.webhook.id : 'new'}
            mode={mode}
            onBusy={setBusy}
            onClose={onClose}
            onCreated={onCreated}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  mode,
  onBusy,
  onClose,
  onCreated,
}: {
  mode: WebhookFormMode;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const baseId = useId();
  const fieldId = (field: WebhookField) => `${baseId}-${field}`;
  const errorId = (field: WebhookField) => `${baseId}-${field}-error`;
  const urlHintId = `${baseId}-url-hint`;
  const [values, setValues] = useState<WebhookFormValues>(() =>
    mode.kind === 'edit' ? webhookFormOf(mode.webhook) : newWebhookForm(),
  );
  const [errors, setErrors] = useState<FieldErrors<WebhookField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const busy = create.isPending || update.isPending;
  const disabledReason = mode.kind === 'edit' ? webhookState(mode.webhook).reason : null;

  const change = (next: Partial<WebhookFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    const cleared = Object.keys(next) as WebhookField[];
    if (cleared.some((field) => errors[field]))
      setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));
  };

  const showErrors = (next: FieldErrors<WebhookField>) => {
    flushSync(() => setErrors(next));
    const first = WEBHOOK_FIELDS.find((field) => next[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const refused = (error: unknown, fallback: string) => {
    const fields = serverFieldErrors(WEBHOOK_FIELDS, error);
    if (Object.keys(fields).length > 0) showErrors(fields);
    else setFormError(messageOf(error, fallback));
  };

  const onSubmit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (busy) return;
    setFormError(null);
    if (mode.kind === 'create') {
      const checked = createWebhookBodyOf(values);
      if (!checked.ok) return showErrors(checked.errors);
      onBusy(true);
      try {
        onCreated(await create.mutateAsync(checked.body));
      } catch (error) {
        refused(error, 'The endpoint could not be added. Please try again.');
      } finally {
        onBusy(false);
      }
      return;
    }
    const checked = updateWebhookBodyOf(mode.webhook, values);
    if (!checked.ok) return showErrors(checked.errors);
    if (Object.keys(checked.body).length === 0) {
      toast({ title: 'No changes to save' });
      return onClose();
    }
    onBusy(true);
    try {
      await update.mutateAsync({ id: mode.webhook.id, body: checked.body });
      toast({ title: 'Endpoint saved' });
      onClose();
    } catch (error) {
      refused(error, 'The endpoint could not be saved. Please try again.');
    } finally {
      onBusy(false);
    }
  };

  const invalid = (field: WebhookField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const fieldError = (field: WebhookField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={(submitted) => void onSubmit(submitted)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{mode.kind === 'create' ? 'Add endpoint' : 'Edit endpoint'}</DialogTitle>
        <DialogDescription>
          Meetwise sends a signed POST request to this URL when one of the chosen events happens to your bookings.
        </DialogDescription>
      </DialogHeader>
      {formError && <FormAlert>{formError}</FormAlert>}
      <div>
        <Label htmlFor={fieldId('url')}>Endpoint URL</Label>
        <Input
          id={fieldId('url')}
          className="mt-1.5"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://example.com/webhooks/meetwise"
          required
          value={values.url}
          onChange={(event) => change({ url: event.target.value })}
          {...invalid('url')}
          aria-describedby={cn(errors.url ? errorId('url') : '', urlHintId) || undefined}
        />
        {fieldError('url')}
        <p id={urlHintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          An https:// address your server answers with a 2xx status.
        </p>
      </div>
      <fieldset aria-describedby={errors.events ? errorId('events') : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Events</legend>
        <ul className="mt-2 grid gap-2">
          {WEBHOOK_EVENT_TYPES.map((type, index) => (
            <li key={type}>
              <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  className={cn('mt-0.5 size-4 shrink-0 cursor-pointer rounded-sm accent-brand-700', focusRing)}
                  checked={values.events.includes(type)}
                  onChange={(event) => change({ events: toggleEvent(values.events, type, event.target.checked) })}
                  aria-invalid={errors.events ? true : undefined}
                  {...(index === 0 && { id: fieldId('events') })}
                />
                <span className="min-w-0">
                  {EVENT_LABELS[type]}{' '}
                  <code className="text-xs break-all text-slate-600 dark:text-slate-400">{type}</code>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {fieldError('events')}
      </fieldset>
      <div>
        <SwitchField
          id={fieldId('active')}
          label="Active"
          description={
            disabledReason && !values.active
              ? `${asSentence(disabledReason)} Switch it on to send to it again.`
              : 'Deliveries are sent only while the endpoint is active.'
          }
          checked={values.active}
          onCheckedChange={(active) => change({ active })}
          aria-invalid={errors.active ? true : undefined}
        />
        {fieldError('active')}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {mode.kind === 'create' ? (busy ? 'Adding...' : 'Add endpoint') : busy ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
