import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';

import { createBookingBody, type CreateBookingBody, type CreateBookingResponse } from '#shared/api/schemas/bookings';
import type { PublicEvent } from '#shared/api/schemas/events';
import { DEMO_EVENT_ID, MOBILE_BREAKPOINT_PX } from '#shared/constants';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { Textarea } from '#frontend/components/ui/textarea.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCreateBooking } from '#frontend/features/booking/api/create-booking.ts';
import { accentButton } from '#frontend/features/booking/components/accent-button.ts';
import { bookingSourceOf } from '#frontend/features/booking/lib/booking-source.ts';
import { EMPTY_FORM, type BookingFormValues } from '#frontend/features/booking/lib/form-values.ts';
import { guestProblem } from '#frontend/features/booking/lib/guests.ts';
import { phoneBody, phoneProblem } from '#frontend/features/booking/lib/phone.ts';
import { prefilledForm } from '#frontend/features/booking/lib/prefill.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { formatDateTitle, formatTimeRange } from '#frontend/lib/dates.ts';
import type { TimeSlot } from '#frontend/lib/time-slot.ts';
import { useKeepFocusVisible } from '#frontend/lib/use-keep-focus-visible.ts';
import { useMediaQuery } from '#frontend/lib/use-media-query.ts';

const FALLBACK_ERROR = 'Could not confirm booking because the host does not have a calendar connected.';

type Field = 'name' | 'email' | 'phone';
/** The checked fields in the form's order: the first with a message takes focus. */
const FIELDS: readonly Field[] = ['name', 'email', 'phone'];

interface BookingFormProps {
  event: PublicEvent;
  date: string;
  slot: TimeSlot;
  timeZone: string;
  values: BookingFormValues;
  onValuesChange: (values: BookingFormValues) => void;
  onBack: () => void;
  onBooked: (booking: CreateBookingResponse) => void;
  /** After step 3's "Reschedule": the booking this one replaces (the server moves it in the same write). */
  replaces?: CreateBookingBody['reschedule'];
  /** Moving a booking from its reschedule link: the button says so. */
  rescheduling?: boolean;
  /**
   * The page's query (issue 29): its `name`, `email` and `guests` fill the form in the first time it shows, and its
   * `utm_*` parameters go with the booking as its source.
   */
  search?: URLSearchParams;
}

/** Step 2: the guest's details, validated with the server's schema (createBookingBody). */
export function BookingForm({
  event,
  date,
  slot,
  timeZone,
  values,
  onValuesChange,
  onBack,
  onBooked,
  replaces,
  rescheduling = false,
  search,
}: BookingFormProps) {
  // Filled in from the address before the first paint, unless the guest typed already (or it moves a booking).
  const [prefill] = useState(() => (search && values === EMPTY_FORM ? prefilledForm(search) : null));
  useLayoutEffect(() => {
    if (prefill) onValuesChange(prefill);
  }, [prefill, onValuesChange]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [showGuests, setShowGuests] = useState((prefill ?? values).guests.length > 0);
  const [guestInput, setGuestInput] = useState('');
  const [guestError, setGuestError] = useState<string | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const booking = useCreateBooking();
  const isDemo = event.id === DEMO_EVENT_ID;
  const formRef = useRef<HTMLFormElement>(null);
  useKeepFocusVisible(formRef);

  const set = (changes: Partial<BookingFormValues>) => onValuesChange({ ...values, ...changes });

  /** Issue 31: a bare address, once, not the guest's own; the message stays under the field until it changes. */
  const addGuest = () => {
    const email = guestInput.trim();
    if (!email) return;
    const problem = guestProblem(email, values);
    setGuestError(problem);
    if (problem) return;
    set({ guests: [...values.guests, email] });
    setGuestInput('');
  };

  const onSubmit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (isDemo || booking.isPending) return;
    const source = search && bookingSourceOf(search);
    const parsed = createBookingBody.safeParse({
      name: values.name,
      email: values.email,
      additionalInfo: values.additionalInfo,
      guests: values.guests,
      date,
      startTime: slot.start,
      endTime: slot.end,
      eventId: event.id,
      timezone: timeZone,
      ...(replaces ? { reschedule: replaces } : {}),
      ...(source ? { source } : {}),
      ...phoneBody(values.phone, event.asksForPhone),
    });
    const missingPhone = phoneProblem(values.phone, event.asksForPhone);
    if (!parsed.success || missingPhone) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0];
        if (FIELDS.includes(field as Field) && !next[field as Field]) next[field as Field] = issue.message;
      }
      if (missingPhone) next.phone = missingPhone;
      flushSync(() => setErrors(next));
      const first = FIELDS.find((field) => next[field]);
      if (first) document.getElementById(`booking-${first}`)?.focus();
      else if (!parsed.success)
        toast({
          variant: 'destructive',
          title: 'Error creating booking',
          description: parsed.error.issues[0]?.message,
        });
      return;
    }
    setErrors({});
    setInlineError(null);
    booking.mutate(parsed.data, {
      onSuccess: (answer) => {
        // The spec's toast for a booking; a request the host must confirm first is not confirmed yet.
        toast(
          answer.status === 'pending'
            ? {
                title: 'Booking Requested',
                description: 'You will receive an e-mail when the host confirms.',
                duration: 5000,
              }
            : {
                title: 'Booking Confirmed',
                description: answer.calendarEventCreated
                  ? 'A calendar invitation has been sent to your email.'
                  : 'Your booking has been confirmed.',
                duration: 5000,
              },
        );
        onBooked(answer);
      },
      onError: (error) => {
        const message = (isApiError(error) || error instanceof Error ? error.message : '') || FALLBACK_ERROR;
        toast({ variant: 'destructive', title: 'Error creating booking', description: message });
        setInlineError(message);
        // The server's word on the phone number (issue 30) goes under its field too.
        const phoneDetail = isApiError(error) ? error.details?.find((detail) => /phone/.test(detail.path)) : undefined;
        if (phoneDetail && event.asksForPhone) setErrors((current) => ({ ...current, phone: phoneDetail.message }));
      },
    });
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`booking-${field}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;
  /** A checked field's change handler: editing it clears its message; the next submit validates again. */
  const change = (field: Field) => (event: { target: { value: string } }) => {
    set({ [field]: event.target.value });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const invalidProps = (field: Field, hint?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [errors[field] ? `booking-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined,
  });

  const linkButton = cn(
    'rounded-sm text-sm font-medium text-[var(--accent)] underline-offset-4 hover:underline dark:text-[color-mix(in_srgb,var(--accent)_45%,white)]',
    focusRing,
  );

  return (
    <div>
      <button type="button" className={linkButton} onClick={onBack}>
        ← Back to Select Time
      </button>
      <p className="mt-4 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        <span className="font-semibold">{formatDateTitle(date)}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {formatTimeRange(slot.start, slot.end, timeZone)} ({timeZone.replace(/_/g, ' ')})
      </p>

      {isMobile && inlineError && (
        <div
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold">Booking Error</p>
          <p className="mt-0.5">{inlineError}</p>
        </div>
      )}

      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 grid gap-4">
        <div>
          <Label htmlFor="booking-name">Name</Label>
          <Input
            id="booking-name"
            className="mt-1.5"
            autoComplete="name"
            required
            value={values.name}
            onChange={change('name')}
            {...invalidProps('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <Label htmlFor="booking-email">Email</Label>
          <Input
            id="booking-email"
            type="email"
            className="mt-1.5"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            {...invalidProps('email')}
          />
          {fieldError('email')}
        </div>
        {event.asksForPhone && (
          <div>
            <Label htmlFor="booking-phone">Phone number</Label>
            <Input
              id="booking-phone"
              type="tel"
              className="mt-1.5"
              autoComplete="tel"
              inputMode="tel"
              required
              value={values.phone}
              onChange={change('phone')}
              {...invalidProps('phone', 'booking-phone-hint')}
            />
            <p id="booking-phone-hint" className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
              The host will call you on this number.
            </p>
            {fieldError('phone')}
          </div>
        )}
        <div>
          <Label htmlFor="booking-info">Additional information (optional)</Label>
          <Textarea
            id="booking-info"
            className="mt-1.5"
            rows={3}
            placeholder="Anything that will help prepare for the meeting"
            value={values.additionalInfo}
            onChange={(e) => set({ additionalInfo: e.target.value })}
          />
        </div>

        <div>
          <button
            type="button"
            className={linkButton}
            aria-expanded={showGuests}
            aria-controls="booking-guests"
            onClick={() => setShowGuests((c) => !c)}
          >
            {showGuests ? 'Hide guests' : 'Add guests'}
          </button>
          {showGuests && (
            <div id="booking-guests" className="mt-3 grid gap-3">
              <div>
                <Label htmlFor="booking-guest-email">Guest email</Label>
                <div className="mt-1.5 flex gap-2">
                  <Input
                    id="booking-guest-email"
                    type="email"
                    autoComplete="off"
                    value={guestInput}
                    onChange={(e) => {
                      setGuestInput(e.target.value);
                      setGuestError(null);
                    }}
                    aria-invalid={guestError ? true : undefined}
                    aria-describedby={guestError ? 'booking-guest-email-error' : undefined}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addGuest();
                      }
                    }}
                  />
                  <button
                    type="button"
                    onClick={addGuest}
                    className={cn(
                      'shrink-0 rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-900 hover:bg-slate-50',
                      'dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
                      focusRing,
                    )}
                  >
                    Add guest
                  </button>
                </div>
                {guestError && (
                  <p
                    id="booking-guest-email-error"
                    role="alert"
                    className="mt-1.5 text-sm text-red-700 dark:text-red-400"
                  >
                    {guestError}
                  </p>
                )}
              </div>
              {values.guests.length > 0 && (
                <ul className="grid gap-2" aria-label="Guests">
                  {values.guests.map((guest, index) => (
                    <li
                      key={`${guest}-${index}`}
                      className="flex items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-1.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                    >
                      <span className="truncate">{guest}</span>
                      <button
                        type="button"
                        aria-label={`Remove guest ${guest}`}
                        onClick={() => set({ guests: values.guests.filter((_, i) => i !== index) })}
                        className={cn(
                          'rounded-sm px-2 py-0.5 text-xs font-medium underline underline-offset-2',
                          focusRing,
                        )}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>

        {isDemo && (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            For demo purposes only
          </p>
        )}
        <button
          type="submit"
          disabled={isDemo || booking.isPending}
          title={isDemo ? 'This is a demo booking and cannot be submitted' : undefined}
          aria-describedby={isDemo ? 'booking-demo-hint' : undefined}
          className={accentButton('w-full')}
        >
          {isDemo
            ? 'Booking Disabled'
            : booking.isPending
              ? 'Processing...'
              : rescheduling
                ? 'Confirm Reschedule'
                : 'Confirm Booking'}
        </button>
        {isDemo && (
          <p id="booking-demo-hint" className="text-center text-xs text-slate-600 dark:text-slate-400">
            This is a demo booking and cannot be submitted
          </p>
        )}
      </form>
    </div>
  );
}
