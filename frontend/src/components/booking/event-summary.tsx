import type { PublicEvent } from '#shared/api/schemas/events';
import { designColor } from '#frontend/components/booking/booking-theme.tsx';
import { ClockIcon, MapPinIcon } from '#frontend/components/ui/icons.tsx';

/**
 * The event's card: guest logo, event photo, host photo and name (each behind its show flag; a team event: the
 * team's logo and name, then its hosts' photos and names), title, duration, where it takes place (issue 30: no link before booking), under a band in the event's secondary colour when it has one. The title is the page's h1 on the booking
 * page; embedded in another page (the landing page's demo, the editor's preview) it takes the level that fits there.
 */
export function EventSummary({ event, titleLevel = 1 }: { event: PublicEvent; titleLevel?: 1 | 2 | 3 }) {
  const Title = (['h1', 'h2', 'h3'] as const)[titleLevel - 1]!;
  const band = designColor(event.secondaryColor);
  // A team event (issue 28): hostName is the team's name, hostPhotoUrl its logo; its hosts are listed below.
  const team = Boolean(event.team);
  const initials = initialsOf(event.hostName);
  const placeText = summaryPlaceText(event);
  return (
    <aside
      aria-label="Event details"
      // Hidden in a frame whose embed asked for no details (issue 29: ?embed=1&hide_details=1).
      className="self-start overflow-hidden rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900 embed-no-details:hidden"
    >
      {band && (
        <div aria-hidden="true" className="-mx-5 -mt-5 mb-5 h-2 sm:-mx-6 sm:-mt-6" style={{ backgroundColor: band }} />
      )}
      {event.showGuestLogo && event.guestLogoUrl && (
        <img src={event.guestLogoUrl} alt="" className="mb-4 h-10 w-auto max-w-40 object-contain" />
      )}
      {event.showEventPhoto && event.eventPhotoUrl && (
        <img
          src={event.eventPhotoUrl}
          alt=""
          width={640}
          height={320}
          className="mb-4 aspect-[2/1] w-full rounded-lg object-cover"
        />
      )}
      <div className="flex items-center gap-3">
        {event.showHostPhoto &&
          (event.hostPhotoUrl ? (
            <img
              src={event.hostPhotoUrl}
              alt=""
              width={48}
              height={48}
              className={team ? 'size-12 rounded-md object-contain' : 'size-12 rounded-full object-cover'}
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-[var(--accent)] text-base font-semibold text-white"
            >
              {initials}
            </span>
          ))}
        <p className="font-medium text-slate-700 dark:text-slate-300">{event.hostName}</p>
      </div>
      {team && event.hosts && event.hosts.length > 0 && <TeamHosts hosts={event.hosts} />}
      <Title className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{event.title}</Title>
      <ul className="mt-3 grid gap-2 text-sm text-slate-700 dark:text-slate-300">
        <li className="flex items-center gap-2">
          <ClockIcon className="size-4 shrink-0" />
          {event.duration} min
        </li>
        {placeText && (
          <li className="flex items-start gap-2">
            <MapPinIcon className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">
              <span className="sr-only">Location: </span>
              {placeText}
            </span>
          </li>
        )}
      </ul>
      {event.description && (
        <p className="mt-4 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{event.description}</p>
      )}
    </aside>
  );
}

/**
 * Where the meeting takes place, as the page shows it before a booking (issue 30): the place's line, but never a
 * link (an online meeting shows its kind, "Zoom" or "Video call"; the link comes with the confirmation); an answer
 * without `place` (a page published earlier) shows the event's location text.
 */
export function summaryPlaceText(event: Pick<PublicEvent, 'location' | 'place'>): string {
  const place = event.place;
  if (!place) return event.location;
  if (place.online && (place.url || /\bhttps?:\/\//i.test(place.text))) return place.label;
  return place.text || place.label;
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A team event's hosts: each one's photo (or initials) and name. */
function TeamHosts({ hosts }: { hosts: readonly { name: string; photoUrl: string | null }[] }) {
  return (
    <ul aria-label="Hosts" className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
      {hosts.map((host, index) => (
        <li
          key={`${host.name}-${index}`}
          className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
        >
          {host.photoUrl ? (
            <img src={host.photoUrl} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
            >
              {initialsOf(host.name)}
            </span>
          )}
          {host.name}
        </li>
      ))}
    </ul>
  );
}
