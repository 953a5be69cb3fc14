import type { FallbackResult } from '#functions/app/migrate-locations';
import type { LocationFallbackRecord } from '#functions/domain/records';
import type { Deps } from '#functions/ports';

/**
 * The host's mail when their Google Meet event types became video calls (issue 30). The disconnect routes and the
 * migration only write a note (LocationFallbacks); the table's stream hands its insertion to notifyBookingChanges
 * (filtered on `type` LocationFallback, shared/jobs.ts), which calls this:
 * 1. nothing when the host is gone or their address is suppressed (a bounce or a complaint);
 * 2. else one mail to the host's address now, naming the event types and what happened to their bookings, sent once
 *    per note (the OnceGuard), however often the record comes.
 * Answers how many mails went out; throws when the send failed (the record comes again).
 */
export type LocationFallbackMailDeps = Pick<Deps, 'config' | 'hosts' | 'mailer' | 'once' | 'mailSuppressions'>;

export async function mailLocationFallback(
  deps: LocationFallbackMailDeps,
  note: LocationFallbackRecord,
): Promise<{ mails: number }> {
  const host = await deps.hosts.get(note.hostId);
  if (!host || note.events.length === 0) return { mails: 0 };
  const suppressed = await deps.mailSuppressions.suppressed([host.email]);
  if (suppressed.has(host.email.toLowerCase())) return { mails: 0 };
  const { mail } = fallbackNotice(note, deps.config.siteUrl);
  await deps.once.run(`location-fallback:${note.id}`, () =>
    deps.mailer.send({
      to: [host.email],
      subject: mail.subject,
      text: [`Hello ${host.name},`, '', ...mail.lines].join('\n'),
    }),
  );
  return { mails: 1 };
}

/** What the host is told when their Google Meet event types became video calls. */
export function fallbackNotice(result: FallbackResult, siteUrl: string) {
  const titles = result.events.map((event) => `"${event.title}"`).join(', ');
  const one = result.events.length === 1;
  const sentence = `${one ? 'Your event type' : 'Your event types'} ${titles} used Google Meet, which needs Google Calendar: ${
    one ? 'it now uses' : 'they now use'
  } a video call, and every booking gets its own link.`;
  const booked =
    result.bookings === 0
      ? 'No upcoming bookings needed a new link.'
      : `${result.bookings === 1 ? 'The upcoming booking' : `The ${result.bookings} upcoming bookings`} got ${
          result.bookings === 1 ? 'its' : 'their'
        } video call link, and ${result.bookings === 1 ? 'its guests were' : 'their guests were'} sent it.`;
  return {
    sentence,
    mail: {
      subject: 'Your Google Meet event types now use a video call',
      lines: [
        sentence,
        '',
        booked,
        '',
        'To use Google Meet again, connect Google Calendar and choose Google Meet in each event type:',
        `${siteUrl}/calendar`,
      ],
    },
  };
}
