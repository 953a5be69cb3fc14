import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { activationBlocked, freeTrial, isSubscribed } from '#shared/rules/trial';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Tabs } from '#frontend/components/tabs.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { CalendarBanner } from '#frontend/features/events/components/calendar-banner.tsx';
import { EventCard } from '#frontend/features/events/components/event-card.tsx';
import { PlusIcon } from '#frontend/features/events/components/icons.tsx';
import { TrialBanner } from '#frontend/features/events/components/trial-banner.tsx';
import { useCalendarStatus } from '#frontend/lib/calendar-status.ts';
import { useEvents } from '#frontend/lib/list-events.ts';
import { billingOff, useSubscriptionStatus } from '#frontend/lib/subscription-status.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

type TabKey = 'active' | 'inactive';

/**
 * /events, the event types dashboard: the free-trial and calendar banners, 'Event
 * Types' with 'Create New', and the host's event types in Active and Inactive tabs. Behind the login guard, which
 * has just asked for the current user; the events, subscription and calendar calls wait for that user.
 */
export function EventsPage() {
  useDocumentTitle('Event Types · Meetwise');
  const currentUser = useCurrentUser({ refetchOnMount: false });
  const user = currentUser.data ?? null;
  const signedIn = user !== null;
  const events = useEvents({ enabled: signedIn });
  const subscription = useSubscriptionStatus({ enabled: signedIn });
  const calendar = useCalendarStatus({ enabled: signedIn });
  const [tab, setTab] = useState<TabKey>('active');
  // The trial is measured once per visit: the page does not tick.
  const [now] = useState(() => new Date());
  const listArea = useRef<HTMLDivElement>(null);
  // A card that goes while focused (deleted, moved to the other tab) hands the focus to the tab panel.
  const onFocusLost = useCallback(
    () => listArea.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')?.focus(),
    [],
  );

  if (!user) return <PageLoading />;

  const trial = freeTrial(user.createdAt, now);
  const status = subscription.data?.status;
  // Billing off on this server (no Stripe keys): the trial rule does not apply, nothing is blocked, no banner.
  const trialApplies = status !== undefined && !billingOff(subscription.data);
  // Unknown until the status arrives: no banner meanwhile, and the server refuses a blocked activation anyway (402).
  const blocked = trialApplies && activationBlocked(trial, status);
  // An administrator has no free trial to count down.
  const showTrial = trialApplies && !isSubscribed(status) && !user.isAdmin;
  const showCalendar = calendar.data?.connected === false;
  const grid = (shown: HostEvent[], empty: ReactNode) => (
    <EventGrid events={shown} blocked={blocked} onFocusLost={onFocusLost} empty={empty} />
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {(showTrial || showCalendar) && (
        <div className="mb-8 grid gap-4">
          {showTrial && <TrialBanner trial={trial} />}
          {showCalendar && <CalendarBanner />}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Event Types</h1>
        <Link to="/events/new" className={buttonVariants()}>
          <PlusIcon className="size-4" />
          Create New
        </Link>
      </div>

      <div ref={listArea} className="mt-6">
        {events.isPending ? (
          <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-300">
            Loading your events...
          </p>
        ) : events.isError ? (
          <ErrorAlert title="Error loading events" message="Something went wrong. Please try again later." />
        ) : (
          <Tabs
            label="Event types"
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'active', label: 'Active' },
              { key: 'inactive', label: 'Inactive' },
            ]}
          >
            {tab === 'active'
              ? grid(
                  events.data.filter((event) => event.active),
                  <NoActiveEvents />,
                )
              : grid(
                  events.data.filter((event) => !event.active),
                  <EmptyState title="No inactive events" />,
                )}
          </Tabs>
        )}
      </div>
    </div>
  );
}

function EventGrid({
  events,
  blocked,
  onFocusLost,
  empty,
}: {
  events: HostEvent[];
  blocked: boolean;
  onFocusLost: () => void;
  empty: ReactNode;
}) {
  if (events.length === 0) return empty;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} activationBlocked={blocked} onFocusLost={onFocusLost} />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      {children}
    </div>
  );
}

function NoActiveEvents() {
  return (
    <EmptyState title="No active events">
      <Link to="/events/new" className={buttonVariants({ className: 'mt-5' })}>
        Create Event Type
      </Link>
    </EmptyState>
  );
}
