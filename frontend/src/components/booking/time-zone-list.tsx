import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';

import { Input } from '#frontend/components/ui/input.tsx';
import { cn } from '#frontend/lib/cn.ts';
import { detectTimeZone } from '#frontend/lib/dates.ts';
import { describeZones, groupZones, searchZones, zoneIds } from '#frontend/lib/time-zone-names.ts';

/**
 * The time-zone picker's open part (issue 15 item 5; loaded lazily by the booking page's TimeZonePicker): a search
 * field that is a combobox over a listbox of zones grouped by region, the browser's zone first, each with its
 * readable name, current UTC offset and local time. Keyboard: type to filter, Up/Down to move, Enter to choose,
 * Escape to clear the search and then to close.
 */
export function TimeZoneList({
  value,
  onChoose,
  onClose,
}: {
  value: string;
  onChoose: (zone: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [detected] = useState(detectTimeZone);
  // Offsets and local times as of opening the list.
  const entries = useMemo(() => describeZones(zoneIds(value, detected), new Date()), [value, detected]);
  const groups = useMemo(() => groupZones(searchZones(entries, query), detected), [entries, query, detected]);
  const shown = useMemo(() => groups.flatMap((group) => group.zones), [groups]);
  /** Each group's first option's index in `shown`. */
  const firstIndex = useMemo(
    () => groups.map((_, at) => groups.slice(0, at).reduce((sum, group) => sum + group.zones.length, 0)),
    [groups],
  );
  const [activeId, setActiveId] = useState<string>(value);
  const activeIndex = Math.max(
    0,
    shown.findIndex((entry) => entry.id === activeId),
  );
  const active = shown[activeIndex];
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (active) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, activeIndex, active]);

  const move = (delta: number) => {
    if (shown.length === 0) return;
    const next = Math.min(shown.length - 1, Math.max(0, activeIndex + delta));
    setActiveId(shown[next]!.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      PageDown: () => move(10),
      PageUp: () => move(-10),
      Enter: () => {
        if (active) onChoose(active.id);
      },
      Escape: () => (query ? setQuery('') : onClose()),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div>
      <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Search time zones
      </label>
      <Input
        id={`${id}-search`}
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        autoComplete="off"
        className="mt-1.5"
        placeholder="e.g. Berlin, Tokyo, UTC+9"
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveId('');
        }}
        onKeyDown={onKeyDown}
      />
      <p className="sr-only" aria-live="polite">
        {shown.length === 1 ? '1 time zone found' : `${shown.length} time zones found`}
      </p>
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Time zones"
        className="mt-2 max-h-72 overflow-y-auto overscroll-contain rounded-md"
      >
        {groups.map((group, groupIndex) => (
          <div key={group.region} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
            <div
              id={`${id}-group-${groupIndex}`}
              role="presentation"
              className="sticky top-0 z-10 bg-white px-2 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400"
            >
              {group.region}
            </div>
            {group.zones.map((entry, zoneIndex) => {
              const index = firstIndex[groupIndex]! + zoneIndex;
              const current = index === activeIndex;
              const chosen = entry.id === value;
              return (
                <div
                  key={entry.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={current}
                  data-zone={entry.id}
                  // Keep the focus in the search field (aria-activedescendant) when clicking.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onChoose(entry.id)}
                  className={cn(
                    'block cursor-pointer rounded-sm px-2 py-1.5',
                    'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
                    current && 'bg-slate-100 ring-2 ring-brand-600 ring-inset dark:bg-slate-800 dark:ring-brand-400',
                  )}
                >
                  <span className={cn('block', chosen && 'font-semibold')}>
                    {entry.label}
                    {chosen && <span className="sr-only"> (current)</span>}
                  </span>
                  <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
                    {entry.offset} · {entry.time}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {shown.length === 0 && <p className="px-2 py-1.5 text-slate-600 dark:text-slate-400">No matching time zone.</p>}
    </div>
  );
}
