import { useId, useState, type FormEvent } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { BillingCard } from '#frontend/features/billing/components/billing-card.tsx';
import { BILLING_TEXTS, isGuestEmail } from '#frontend/features/billing/lib/billing-view.ts';

export const GUEST_OWNERSHIP_TEXT =
  'The plan you buy will belong to the Meetwise account that verifies this e-mail address: sign in or register with it after paying (now or later) and verify the address to use the plan.';

/**
 * The Guest Checkout panel of the billing page: an e-mail address,
 * checked as text, an at sign, text, a dot, text, without spaces; 'Continue as Guest' stays disabled until it is
 * valid, and a wrong address says so once the field is left. Once continued, the address shows with 'Change'.
 */
export function GuestCheckoutPanel({
  email,
  onContinue,
  onChange,
}: {
  /** The address continued with, or null while it is being entered. */
  email: string | null;
  onContinue: (email: string) => void;
  onChange: () => void;
}) {
  return (
    <BillingCard id="guest-checkout" title="Guest Checkout" intro={GUEST_OWNERSHIP_TEXT}>
      {email === null ? (
        <GuestEmailForm onContinue={onContinue} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700 dark:text-slate-200">
            Paying as <span className="font-medium break-all text-slate-900 dark:text-white">{email}</span>
          </p>
          <Button variant="outline" size="sm" onClick={onChange} className="shrink-0">
            Change e-mail<span className="sr-only"> address</span>
          </Button>
        </div>
      )}
    </BillingCard>
  );
}

function GuestEmailForm({ onContinue }: { onContinue: (email: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [left, setLeft] = useState(false);
  const valid = isGuestEmail(value);
  const showError = left && value.trim() !== '' && !valid;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) onContinue(value.trim());
    else setLeft(true);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div>
        <Label htmlFor={inputId}>Email</Label>
        <Input
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={254}
          className="mt-1.5"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setLeft(true)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? errorId : undefined}
        />
        {showError && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {BILLING_TEXTS.guestEmailInvalid}
          </p>
        )}
      </div>
      <Button type="submit" disabled={!valid} className="w-full sm:w-auto sm:justify-self-start">
        Continue as Guest
      </Button>
    </form>
  );
}
