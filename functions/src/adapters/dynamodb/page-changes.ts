import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

import type { PageChange } from '#functions/domain/published-pages';

type Image = Record<string, AttributeValue> | undefined;
type Item = Record<string, unknown>;

/** The host of an item in a `USER#{id}` partition (profile, calendar connection, plan); null elsewhere. */
const hostOf = (item: Item): string | null =>
  typeof item.pk === 'string' && item.pk.startsWith('USER#') ? item.pk.slice('USER#'.length) : null;

const slugOf = (item: Item | null): string | null => (typeof item?.slug === 'string' ? item.slug : null);

/**
 * What a stream record's two images (DynamoDB attribute-value maps, as Lambda hands them over) change on the booking
 * pages (domain/published-pages.ts): an event type's slug before and after (and its team's); a team's name or logo
 * (issue 28); a host's name or photo, calendar connection or plan; the admin's "Available for Bookings". Anything
 * else changes no page.
 */
export function pageChangeFromImages(oldImage: Image, newImage: Image): PageChange {
  const before = oldImage ? unmarshall(oldImage) : null;
  const after = newImage ? unmarshall(newImage) : null;
  const item = after ?? before;
  if (!item) return { kind: 'none' };
  const changed = (...fields: string[]) =>
    fields.some((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null));
  switch (item.type) {
    case 'Event': {
      // A team event type shows on its team's page (issue 28): the teams before and after.
      const teamIds = [before?.teamId, after?.teamId].filter((id): id is string => typeof id === 'string' && id !== '');
      return {
        kind: 'event',
        slugBefore: slugOf(before),
        slugAfter: slugOf(after),
        ...(teamIds.length > 0 && { teamIds: [...new Set(teamIds)] }),
      };
    }
    case 'Team':
      // A team's name and logo show on its page and its event types' pages; a new or deleted team, on its page.
      return typeof item.id === 'string' && typeof item.slug === 'string'
        ? { kind: 'team', teamId: item.id, slug: item.slug, changed: !before || !after || changed('name', 'logoUrl') }
        : { kind: 'none' };
    case 'User': {
      const hostId = hostOf(item);
      return hostId ? { kind: 'host', hostId, changed: changed('name', 'photoUrl') } : { kind: 'none' };
    }
    case 'CalendarConnection': {
      const hostId = hostOf(item);
      return hostId ? { kind: 'host', hostId, changed: changed('connected') } : { kind: 'none' };
    }
    case 'Plan': {
      // A guest's plan (GUESTBILLING#) shows on no page until an account claims it.
      const hostId = hostOf(item);
      return hostId
        ? { kind: 'host', hostId, changed: changed('status', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'planType') }
        : { kind: 'none' };
    }
    case 'Settings':
      return { kind: 'every-page', changed: changed('availableForBookings') };
    default:
      return { kind: 'none' };
  }
}
