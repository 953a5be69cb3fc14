import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import type { PlanQuotes } from '#shared/api/schemas/billing';
import { Button } from '#frontend/components/ui/button.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { Badge } from '#frontend/features/billing/components/billing-card.tsx';
import { cleanPromoCode, promoStateOf, promoSummary } from '#frontend/features/billing/lib/billing-view.ts';

/**
 * The promo code box: a code is trimmed and checked by the server
 * (GET /api/subscription/plans?promoCode=); 'Apply' is disabled while the box is empty; an invalid code shows the
 * server's message under the field; an applied code shows what it gives (the server's figures) and 'Remove', which
 * goes back to no code.
 */
export function PromoCodeBox({
  quotes,
  onApply,
  onRemove,
}: {
  /** The quotes shown now: their promo is the applied code (null: none). */
  quotes: PlanQuotes;
  /** Checks and applies a code; resolves to the message to show when it is refused, else null. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** Where the focus goes once the box has changed between its two states (the focused control went). */
  const focusNext = useRef<'remove' | 'input' | null>(null);
  const promo = quotes.promo;
  const state = promoStateOf(promo);
  const code = cleanPromoCode(value);
  const removeId = `${inputId}-remove`;

  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeId : focusNext.current === 'input' ? inputId : null;
    focusNext.current = null;
    if (target) document.getElementById(target)?.focus();
  }, [state, removeId, inputId]);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code || checking) return;
    setChecking(true);
    setError(null);
    focusNext.current = 'remove';
    const refused = await onApply(code);
    setChecking(false);
    if (refused) {
      focusNext.current = null;
      setError(refused);
      document.getElementById(inputId)?.focus();
    } else {
      setValue('');
    }
  };

  const remove = () => {
    focusNext.current = 'input';
    setError(null);
    onRemove();
  };

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
        Promo code
      </h2>
      {state !== 'none' && promo ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div role="status">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
              <span>
                Promo code applied: <span className="font-semibold">{promo.code}</span>
              </span>
              <Badge tone="brand">{promo.discountPercent}% off</Badge>
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{promoSummary(promo, quotes.plans)}</p>
          </div>
          <Button id={removeId} variant="outline" size="sm" onClick={remove} className="shrink-0">
            Remove<span className="sr-only"> promo code {promo.code}</span>
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void apply(event)} className="mt-3" noValidate>
          <Label htmlFor={inputId}>Have a promo code?</Label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <Input
              id={inputId}
              name="promoCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={60}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="sm:max-w-xs"
            />
            <Button type="submit" variant="secondary" disabled={!code || checking} className="shrink-0">
              {checking ? 'Checking...' : 'Apply'}
            </Button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
