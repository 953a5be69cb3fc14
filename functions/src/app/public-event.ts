import type { PublicEvent } from '#shared/api/schemas/events';
import { assertHostPublishes, loadBookableEvent, type EventAccessDeps } from '#functions/app/event-access';
import { NotFound } from '#functions/errors';
import type { Deps } from '#functions/ports';

/** What the public event page needs: the event, its host. */
export type PublicEventDeps = EventAccessDeps & Pick<Deps, 'hosts' | 'clock' | 'settings'>;

/**
 * The public view of an event type, for its booking page.
 * Input: the slug from /book/{slug}. Output: the fields of booking-landing-auth-admin.md §3 "Public event".
 * Primary course: find the event id by slug, load the event (404 unknown, 403 + isInactive deactivated), load the
 * host for name and photo (a host past the trial without a plan: 403 + isInactive), answer the public fields only,
 * with whether the host can take bookings now (a connected calendar) and whether the admin paused all bookings
 * ("Available for Bookings" off), so the page says so before any form.
 */
export async function getPublicEvent(deps: PublicEventDeps, slug: string): Promise<PublicEvent> {
  const eventId = await deps.events.findIdBySlug(slug);
  if (eventId === null) throw new NotFound('Event not found.');
  const { event } = await loadBookableEvent(deps, eventId);
  const [host, settings] = await Promise.all([deps.hosts.get(event.userId), deps.settings.get()]);
  assertHostPublishes(host, deps.clock.now(), deps.config.billing !== null);
  return {
    id: event.id,
    userId: event.userId,
    title: event.title,
    slug: event.slug,
    description: event.description,
    duration: event.duration,
    location: event.location,
    color: event.color,
    timeZone: event.timeZone,
    eventPhotoUrl: event.eventPhotoUrl,
    showEventPhoto: event.showEventPhoto,
    showGuestLogo: event.showGuestLogo,
    guestLogoUrl: event.guestLogoUrl,
    hostName: host?.name ?? '',
    hostPhotoUrl: host?.photoUrl ?? null,
    showHostPhoto: event.showHostPhoto,
    bookingTheme: event.bookingTheme,
    themeColor: event.themeColor,
    secondaryColor: event.secondaryColor,
    customCss: event.customCss,
    advanceBookingDays: event.advanceBookingDays,
    acceptingBookings: host?.calendar?.connected === true,
    bookingsPaused: settings?.availableForBookings === false,
  };
}
