import { paragraph, renderMail, webLink, type RenderedMail } from '#functions/domain/mail/render';

/**
 * What a host is told when their Google Meet event types became video calls (issue 30): a sentence on their screen
 * (the calendar's disconnect answers it) and a mail (app/events/location-fallback-mail.ts), naming the event types and
 * what happened to their bookings.
 */

export interface FallbackSummary {
  /** The event types that changed. */
  events: { title: string }[];
  /** The upcoming bookings of those event types that got a video call link. */
  bookings: number;
}

/** The sentence that names the event types, for the host's screen and the mail. */
export function fallbackSentence(result: Pick<FallbackSummary, 'events'>): string {
  const titles = result.events.map((event) => `"${event.title}"`).join(', ');
  const one = result.events.length === 1;
  return `${one ? 'Your event type' : 'Your event types'} ${titles} used Google Meet, which needs Google Calendar: ${
    one ? 'it now uses' : 'they now use'
  } a video call, and every booking gets its own link.`;
}

/** The mail to the host, with the link to their calendar settings. */
export function locationFallbackMail(input: FallbackSummary & { hostName: string; siteUrl: string }): RenderedMail {
  const booked =
    input.bookings === 0
      ? 'No upcoming bookings needed a new link.'
      : `${input.bookings === 1 ? 'The upcoming booking' : `The ${input.bookings} upcoming bookings`} got ${
          input.bookings === 1 ? 'its' : 'their'
        } video call link, and ${input.bookings === 1 ? 'its guests were' : 'their guests were'} sent it.`;
  return renderMail({
    subject: 'Your Google Meet event types now use a video call',
    blocks: [
      paragraph(`Hello ${input.hostName},`),
      paragraph(fallbackSentence(input)),
      paragraph(booked),
      paragraph(
        'To use Google Meet again, connect Google Calendar and choose Google Meet in each event type:',
        webLink(`${input.siteUrl}/calendar`),
      ),
    ],
  });
}
