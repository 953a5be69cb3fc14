import { lazy, Suspense, useId, useRef, useState } from 'react';

import { GlobeIcon } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { zoneLabel } from '#frontend/lib/dates.ts';

/**
 * The searchable, grouped list (names, offsets, local times) is in its own chunk, loaded when the picker first
 * opens: the booking page's first load carries only this button (the page's 90 KB budget).
 */
const loadZoneList = () => import('#frontend/components/booking/time-zone-list.tsx');
const TimeZoneList = lazy(async () => ({ default: (await loadZoneList()).TimeZoneList }));

/**
 * The guest's zone, and a "Change" button that opens a searchable list of every zone the browser knows. The zone's
 * offset is the one at `now` (default: the current instant; a prerendered page's server's while it hydrates).
 */
export function TimeZonePicker({
  value,
  onChange,
  now,
}: {
  value: string;
  onChange: (zone: string) => void;
  now?: Date;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const choose = (zone: string) => {
    close();
    if (zone !== value) onChange(zone);
  };

  const label = zoneLabel(value, now);
  return (
    // min-w-0: in the step's grid, the one-line label must not widen the column to its own length.
    <div className="min-w-0 text-sm">
      {/* One line whatever the zone's name: a prerendered page's label (the host's zone) becoming the guest's, longer
          or shorter, moves nothing below it (a long name is cut, whole in its title). */}
      <div className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
        <GlobeIcon className="size-4 shrink-0" />
        <span className="min-w-0 truncate" title={`Time zone: ${label}`}>
          Time zone: <strong className="font-medium text-slate-900 dark:text-white">{label}</strong>
        </span>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          // Start the list's download as soon as the guest points at the button.
          onPointerEnter={() => void loadZoneList()}
          onFocus={() => void loadZoneList()}
          onClick={() => setOpen((current) => !current)}
          className={cn(
            'ml-auto shrink-0 rounded-sm font-medium text-slate-900 underline underline-offset-4 dark:text-white',
            focusRing,
          )}
        >
          {open ? 'Close' : 'Change'}
        </button>
      </div>
      {open && (
        <div id={`${id}-panel`} className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <Suspense
            fallback={
              <p role="status" className="text-slate-600 dark:text-slate-400">
                Loading time zones…
              </p>
            }
          >
            <TimeZoneList value={value} onChoose={choose} onClose={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
