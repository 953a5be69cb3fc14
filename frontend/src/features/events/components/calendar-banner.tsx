import { useId } from 'react';
import { Link } from 'react-router-dom';

import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { AlertCircleIcon } from '#frontend/components/ui/icons.tsx';

/** The dashboard's warning while no calendar is connected. */
export function CalendarBanner() {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between sm:p-5 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
    >
      <div className="flex gap-3">
        <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
        <div>
          <h2 id={titleId} className="font-semibold">
            Calendar not connected
          </h2>
          <p className="mt-1 text-sm">
            Your guests will not be able to book events on your calendar until you&apos;ve connected a calendar.
          </p>
        </div>
      </div>
      <Link to="/calendar-integration" className={buttonVariants({ variant: 'outline', className: 'shrink-0' })}>
        Connect Calendar
      </Link>
    </section>
  );
}
