import { useId, useLayoutEffect, useRef, useState } from 'react';

import type { HostEvent } from '#shared/api/schemas/host-events';
import { DEFAULT_CARD_COLOR } from '#shared/constants';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { DeleteEventDialog } from '#frontend/features/events/components/delete-event-dialog.tsx';
import { EmbedDialog } from '#frontend/features/events/components/embed-dialog.tsx';
import { EventCardMenu } from '#frontend/features/events/components/event-card-menu.tsx';
import { CopyIcon, UserIcon } from '#frontend/features/events/components/icons.tsx';
import { useEventActions } from '#frontend/features/events/components/use-event-actions.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * One event type on the event types dashboard: colour bar, title,
 * duration, a team event's team (issue 28), booking-page link (new tab), description, host photo (a team event: the
 * team's logo), Copy (the booking link) and the menu.
 */
export function EventCard({
  event,
  activationBlocked,
  onFocusLost,
}: {
  event: HostEvent;
  activationBlocked: boolean;
  /** Called when the card goes (deleted, or moved to the other tab) while it holds the focus; must be stable. */
  onFocusLost: () => void;
}) {
  const titleId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const actions = useEventActions(event);
  const bookingPath = `/book/${event.slug}`;

  // A layout effect's cleanup runs while the card is still in the page, so it can tell whether it held the focus.
  useLayoutEffect(() => {
    const article = articleRef.current;
    return () => {
      if (article?.contains(document.activeElement)) queueMicrotask(onFocusLost);
    };
  }, [onFocusLost]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${bookingPath}`);
      toast({ title: 'Link copied!', description: 'Booking link has been copied to clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy to clipboard' });
    }
  };

  return (
    <article
      ref={articleRef}
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        aria-hidden="true"
        className="h-2 rounded-t-xl"
        style={{ backgroundColor: event.color || DEFAULT_CARD_COLOR }}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900 dark:text-white">
              {event.title}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{event.duration} min</p>
            {event.teamSlug && (
              <p className="mt-1">
                <span className="inline-flex max-w-full items-center rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-200">
                  <span className="truncate">Team: {event.teamName ?? event.teamSlug}</span>
                </span>
              </p>
            )}
          </div>
          <HostPhoto url={event.hostPhotoUrl} />
        </div>
        <a
          href={bookingPath}
          target="_blank"
          rel="noopener"
          className={cn(
            'self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400',
            focusRing,
          )}
        >
          View booking page<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p
          className={cn(
            'line-clamp-3 text-sm',
            event.description ? 'text-slate-700 dark:text-slate-200' : 'text-slate-500 italic dark:text-slate-400',
          )}
        >
          {event.description || 'No description'}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copyLink()}
            aria-label={`Copy booking link for ${event.title}`}
          >
            <CopyIcon className="size-4" />
            Copy
          </Button>
          <EventCardMenu
            event={event}
            activationBlocked={activationBlocked}
            busy={actions.busy}
            onDuplicate={actions.duplicate}
            onDelete={() => setConfirmingDelete(true)}
            onEmbed={() => setEmbedding(true)}
            onSetActive={actions.setActive}
            buttonRef={menuButton}
          />
        </div>
      </div>
      <DeleteEventDialog
        title={event.title}
        open={confirmingDelete}
        deleting={actions.deleting}
        onOpenChange={setConfirmingDelete}
        onConfirm={() => actions.remove((deleted) => deleted && setConfirmingDelete(false))}
        onCloseAutoFocus={(closing) => {
          closing.preventDefault();
          menuButton.current?.focus();
        }}
      />
      <EmbedDialog
        event={event}
        open={embedding}
        onOpenChange={setEmbedding}
        onCloseAutoFocus={(closing) => {
          closing.preventDefault();
          menuButton.current?.focus();
        }}
      />
    </article>
  );
}

/** The host's photo on the card, or a neutral placeholder; decorative (the host is the viewer). */
function HostPhoto({ url }: { url: string | null }) {
  return url ? (
    <img src={url} alt="" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <div
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400"
    >
      <UserIcon className="size-5" />
    </div>
  );
}
