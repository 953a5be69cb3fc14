import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { CalendarCard } from '#frontend/features/calendar/components/calendar-card.tsx';

const GOOGLE_CALENDAR_URL = 'https://calendar.google.com';

/** 'Calendar Visibility': the connected Google Calendar is checked for conflicts. */
export function VisibilityCard() {
  return (
    <CalendarCard title="Calendar Visibility">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Your Google Calendar is checked for conflicts: guests are only offered times when you are free, which avoids
        double-booking.
      </p>
      <a
        href={GOOGLE_CALENDAR_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'outline', className: 'mt-4' })}
      >
        Open Google Calendar<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </CalendarCard>
  );
}
