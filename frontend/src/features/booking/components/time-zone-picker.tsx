import { useId, useMemo, useState } from 'react';

import { GlobeIcon } from '#frontend/components/ui/icons.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { supportedTimeZones, zoneLabel } from '#frontend/lib/dates.ts';

const MAX_SHOWN = 60;

/** The guest's zone with a searchable list of every IANA zone the browser knows. */
export function TimeZonePicker({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const id = useId();
  const zones = useMemo(() => (open ? supportedTimeZones(value) : []), [open, value]);
  const needle = search.trim().toLowerCase().replace(/\s+/g, '_');
  const matches = needle ? zones.filter((zone) => zone.toLowerCase().includes(needle)) : zones;

  const choose = (zone: string) => {
    setOpen(false);
    setSearch('');
    onChange(zone);
  };

  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
        <GlobeIcon className="size-4" />
        <span>
          Time zone: <strong className="font-medium text-slate-900 dark:text-white">{zoneLabel(value)}</strong>
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((current) => !current)}
          className={cn(
            'rounded-sm font-medium text-slate-900 underline underline-offset-4 dark:text-white',
            focusRing,
          )}
        >
          {open ? 'Close' : 'Change'}
        </button>
      </div>
      {open && (
        <div id={`${id}-panel`} className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Search time zones
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            className="mt-1.5"
            placeholder="e.g. Berlin, New York, Tokyo"
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
              if (event.key === 'Enter' && matches[0]) {
                event.preventDefault();
                choose(matches[0]);
              }
            }}
          />
          <p className="sr-only" aria-live="polite">
            {`${matches.length} time zones found`}
          </p>
          <ul className="mt-2 max-h-56 overflow-y-auto" aria-label="Time zones">
            {matches.slice(0, MAX_SHOWN).map((zone) => (
              <li key={zone}>
                <button
                  type="button"
                  aria-current={zone === value || undefined}
                  onClick={() => choose(zone)}
                  className={cn(
                    'w-full rounded-sm px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800',
                    zone === value && 'font-semibold',
                    focusRing,
                  )}
                >
                  {zone.replace(/_/g, ' ')}
                </button>
              </li>
            ))}
            {matches.length > MAX_SHOWN && (
              <li className="px-2 py-1.5 text-slate-600 dark:text-slate-400">Type to narrow the list…</li>
            )}
            {matches.length === 0 && (
              <li className="px-2 py-1.5 text-slate-600 dark:text-slate-400">No matching time zone.</li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
