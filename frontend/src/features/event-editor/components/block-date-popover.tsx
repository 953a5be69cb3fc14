import { useEffect, useId, useRef, useState } from 'react';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useSaveDateOverride } from '#frontend/features/event-editor/api/save-date-override.ts';
import { DatePicker } from '#frontend/features/event-editor/components/date-picker.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { cn } from '#frontend/lib/cn.ts';

/**
 * 'Block a Date' (beside the date exception dialog): a popover with a date picker, where dates
 * already blocked cannot be picked, and a 'Block Date' button that saves the date as unavailable. Non-modal:
 * Escape or a click outside closes it and focus goes back to its button.
 */
export function BlockDatePopover({
  eventRef,
  blockedDates,
  today,
}: {
  eventRef: string;
  blockedDates: ReadonlySet<string>;
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const save = useSaveDateOverride(eventRef);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setDate(null);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Opening moves focus to the picker's current day.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setDate(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const block = () => {
    if (!date || save.isPending) return;
    save.mutate(
      { date, available: false, startTime: null, endTime: null },
      {
        onSuccess: () => {
          toast({ title: 'Date blocked', description: 'The selected date has been marked as unavailable.' });
          close(true);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error blocking date',
            description:
              (isApiError(error) && error.message) || 'There was a problem marking this date as unavailable.',
          }),
      },
    );
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        className={buttonVariants({ variant: 'outline' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        Block a Date
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label="Block a Date"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            close(true);
          }
        }}
        className={cn(
          'absolute right-0 z-30 mt-2 w-80 rounded-lg border border-slate-200 bg-white p-4 shadow-xl',
          'dark:border-slate-700 dark:bg-slate-900',
        )}
      >
        {open && (
          <>
            <DatePicker
              label="Date to block"
              today={today}
              value={date}
              onChange={setDate}
              isDisabled={(day) => blockedDates.has(day)}
            />
            <div className="mt-4 flex justify-end gap-2">
              <Button variant="outline" size="sm" onClick={() => close(true)}>
                Cancel
              </Button>
              <Button size="sm" disabled={!date || save.isPending} onClick={block}>
                {save.isPending ? 'Blocking...' : 'Block Date'}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** The 'Block a Date' button of an event not created yet: it explains instead of opening. */
export function BlockDateUnavailable() {
  return (
    <Button
      variant="outline"
      onClick={() =>
        toast({
          variant: 'destructive',
          title: 'Event not created yet',
          description: 'Create the event first to block dates.',
        })
      }
    >
      Block a Date
    </Button>
  );
}
