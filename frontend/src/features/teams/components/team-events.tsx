import { Badge } from '#frontend/features/teams/components/team-ui.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

interface TeamEventRow {
  slug: string;
  title: string;
  duration: number;
  active?: boolean;
  schedulingType?: string | null;
}

const SCHEDULING_LABELS: Record<string, string> = { collective: 'Collective', 'round-robin': 'Round-robin' };

/** The team's event types: title (its booking page in a new tab), duration, how it is booked, inactive ones marked. */
export function TeamEvents({ events }: { events: readonly TeamEventRow[] }) {
  if (events.length === 0) return <p className="text-slate-700 dark:text-slate-200">No team event types yet.</p>;
  return (
    <ul className="grid gap-2">
      {events.map((event) => (
        <li
          key={event.slug}
          className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <a
            href={`/book/${event.slug}`}
            target="_blank"
            rel="noopener"
            className={cn(
              'min-w-0 flex-1 truncate rounded-sm font-medium text-brand-700 hover:underline dark:text-brand-400',
              focusRing,
            )}
          >
            {event.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <span className="text-sm text-slate-600 dark:text-slate-300">{event.duration} min</span>
          {event.schedulingType && <Badge>{SCHEDULING_LABELS[event.schedulingType] ?? event.schedulingType}</Badge>}
          {event.active === false && <Badge>Inactive</Badge>}
        </li>
      ))}
    </ul>
  );
}
