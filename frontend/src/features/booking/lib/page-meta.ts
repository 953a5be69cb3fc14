import type { PublicEvent } from '#shared/api/schemas/events';
import { PRODUCT_NAME } from '#shared/constants';

/** The booking page's document title: the page sets it, and a prerendered page carries it in its HTML. */
export const bookingPageTitle = (event: Pick<PublicEvent, 'title' | 'hostName'>): string =>
  `${event.title} with ${event.hostName} | ${PRODUCT_NAME}`;

/** The longest meta description: what search results show. */
const DESCRIPTION_LENGTH = 160;

/** The prerendered page's meta description: the event's own words, else what it is and with whom. */
export function bookingPageDescription(event: Pick<PublicEvent, 'title' | 'hostName' | 'duration' | 'description'>) {
  const own = event.description.replace(/\s+/g, ' ').trim();
  const text = own || `Book ${event.title} (${event.duration} min) with ${event.hostName} on ${PRODUCT_NAME}.`;
  const chars = [...text];
  return chars.length <= DESCRIPTION_LENGTH
    ? text
    : `${chars
        .slice(0, DESCRIPTION_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}
