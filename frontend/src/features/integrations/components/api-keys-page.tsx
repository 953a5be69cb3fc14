import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';

import { API_KEY_NAME_MAX } from '#shared/api/schemas/integrations';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '#frontend/features/integrations/api/api-keys.ts';
import { ConfirmDialog } from '#frontend/features/integrations/components/confirm-dialog.tsx';
import type { ApiKey } from '#frontend/features/integrations/components/integration-types.ts';
import {
  EmptyState,
  FormAlert,
  IntegrationsCard,
  IntegrationsFrame,
  useFocusReturn,
} from '#frontend/features/integrations/components/integrations-ui.tsx';
import {
  OneTimeSecretDialog,
  type OneTimeSecret,
} from '#frontend/features/integrations/components/one-time-secret-dialog.tsx';
import {
  API_KEY_FIELDS,
  apiKeyTimes,
  createApiKeyBodyOf,
  messageOf,
  serverFieldErrors,
} from '#frontend/features/integrations/lib/integrations.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { detectTimeZone, zoneLabel } from '#frontend/lib/dates.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

const LIST_HEADING_ID = 'api-keys-list';
const OPENAPI_PATH = '/api/openapi.json';

/**
 * /integrations/api-keys (issue 29): what a key may do and how to send it, a link to the API document, "Create a
 * key" (the key is shown once), and the keys with their created and last-used times, each revoked after a
 * confirmation.
 */
export function ApiKeysPage() {
  useDocumentTitle('API keys · Meetwise');
  const [timeZone] = useState(detectTimeZone);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const focusReturn = useFocusReturn();
  const nameRef = useRef<HTMLInputElement>(null);

  const confirmRevoke = () => {
    if (!revoking || revoke.isPending) return;
    setRevokeError(null);
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        focusReturn.from(null); // its row is gone: focus goes to the list's heading
        setRevoking(null);
        toast({ title: 'API key revoked', description: 'Calls with it are refused from now on.' });
      },
      onError: (error) => setRevokeError(messageOf(error, 'The key could not be revoked. Please try again.')),
    });
  };

  return (
    <IntegrationsFrame
      title="API keys"
      intro={
        <>
          <p>
            An API key lets your own code list and read your event types and bookings, cancel a booking and manage your
            webhooks, as you. It cannot change your account, profile, billing or settings.
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Send it in the <code>Authorization</code> header of each request:
            <code className="my-1.5 block w-fit max-w-full rounded-md bg-slate-100 px-2 py-1 break-words text-slate-900 dark:bg-slate-800 dark:text-slate-100">
              Authorization: Bearer mw_…
            </code>
            Every route, its fields and its answers are in the{' '}
            <a
              href={OPENAPI_PATH}
              className={cn(
                'rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-400',
                focusRing,
              )}
            >
              API document (OpenAPI)
            </a>
            .
          </p>
        </>
      }
    >
      <IntegrationsCard id="create-api-key" title="Create a key">
        <CreateKeyForm
          nameRef={nameRef}
          onCreated={(created) =>
            setSecret({
              title: 'API key created',
              description: `"${created.name}": send it as a bearer token from your own code.`,
              label: 'API key',
              value: created.key,
            })
          }
        />
      </IntegrationsCard>
      <IntegrationsCard id={LIST_HEADING_ID} title="Your keys">
        {keys.isPending ? (
          <PageLoading />
        ) : keys.isError ? (
          <ErrorAlert
            className=""
            title="Error loading API keys"
            message={messageOf(keys.error, 'Something went wrong. Please try again later.')}
          />
        ) : keys.data.length === 0 ? (
          <EmptyState>No API keys yet.</EmptyState>
        ) : (
          <>
            <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">Times in {zoneLabel(timeZone)}.</p>
            <ul aria-labelledby={LIST_HEADING_ID} className="grid gap-3">
              {keys.data.map((key) => (
                <ApiKeyItem
                  key={key.id}
                  apiKey={key}
                  timeZone={timeZone}
                  onRevoke={(button) => {
                    focusReturn.from(button);
                    setRevokeError(null);
                    setRevoking(key);
                  }}
                />
              ))}
            </ul>
          </>
        )}
      </IntegrationsCard>

      <OneTimeSecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          nameRef.current?.focus();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        description={
          <>
            &ldquo;{revoking?.name}&rdquo; stops working at once: calls with it are refused (401). This cannot be
            undone.
          </>
        }
        confirm="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        error={revokeError}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={confirmRevoke}
        onCloseAutoFocus={(event) =>
          focusReturn.onCloseAutoFocus(event, () => document.getElementById(LIST_HEADING_ID))
        }
      />
    </IntegrationsFrame>
  );
}

/** "Create a key": a name (checked with the route's schema, the server's message under the field). */
function CreateKeyForm({
  nameRef,
  onCreated,
}: {
  nameRef: RefObject<HTMLInputElement>;
  onCreated: (created: { id: string; name: string; key: string }) => void;
}) {
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateApiKey();

  const showError = (message: string) => {
    flushSync(() => setError(message));
    nameRef.current?.focus();
  };

  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const checked = createApiKeyBodyOf(name);
    if (!checked.ok) return showError(checked.errors.name ?? 'Please enter a name for the key.');
    create.mutate(checked.body, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (refusal) => {
        const fields = serverFieldErrors(API_KEY_FIELDS, refusal);
        if (fields.name) showError(fields.name);
        else setFormError(messageOf(refusal, 'The key could not be created. Please try again.'));
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      {formError && <FormAlert>{formError}</FormAlert>}
      <div>
        <Label htmlFor={fieldId}>Key name</Label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start">
          <input
            ref={nameRef}
            id={fieldId}
            name="name"
            type="text"
            autoComplete="off"
            required
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={cn(error && errorId, hintId)}
            className={cn(fieldClasses, 'h-10')}
          />
          <Button type="submit" className="shrink-0" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </div>
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <p id={hintId} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          To tell your keys apart, e.g. the system that uses it.
        </p>
      </div>
    </form>
  );
}

function ApiKeyItem({
  apiKey,
  timeZone,
  onRevoke,
}: {
  apiKey: ApiKey;
  timeZone: string;
  onRevoke: (button: HTMLElement) => void;
}) {
  const nameId = useId();
  const times = apiKeyTimes(apiKey, timeZone);
  return (
    <li
      data-testid="api-key"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
    >
      <div className="min-w-0">
        <h3 id={nameId} className="font-medium break-words text-slate-900 dark:text-white">
          {apiKey.name}
        </h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-700 dark:text-slate-200">
          <dt className="text-slate-600 dark:text-slate-400">Created</dt>
          <dd>
            <time dateTime={apiKey.createdAt}>{times.created}</time>
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Last used</dt>
          <dd>{apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{times.lastUsed}</time> : times.lastUsed}</dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={nameId}
        onClick={(event) => onRevoke(event.currentTarget)}
      >
        Revoke
      </Button>
    </li>
  );
}
