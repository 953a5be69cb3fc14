import type { EventBody } from '#shared/api/schemas/host-events';
import { GOOGLE_MEET_NEEDS_GOOGLE, locationDisplayText } from '#shared/locations';
import type { HostEventDeps } from '#functions/app/events/event-access';
import type { TeamTarget } from '#functions/app/events/event-team-target';
import { customCssProblems, problemText } from '#functions/domain/custom-css-check';
import { eventLocationOf, hasGoogle } from '#functions/domain/locations';
import type { AccountRecord, EventRecord } from '#functions/domain/records';
import { ValidationFailed } from '#functions/errors';

/**
 * The stored fields an editor body sets (location is the location type's display text), without
 * the team fields (see teamTarget). Images must be the caller's own uploads, or the ones the event already shows
 * (another admin of the team may have uploaded them).
 */
export function fieldsOf(body: EventBody, account: AccountRecord, event?: EventRecord) {
  const {
    id: _id,
    location: _location,
    active: _active,
    teamSlug: _teamSlug,
    schedulingType: _schedulingType,
    hosts: _hosts,
    ...fields
  } = body;
  const kept = new Set([event?.eventPhotoUrl, event?.guestLogoUrl].filter(Boolean));
  for (const url of [body.eventPhotoUrl, body.guestLogoUrl]) {
    if (url && !url.startsWith(`/photos/${account.id}/`) && !kept.has(url))
      throw new ValidationFailed('Images must be uploaded first.');
  }
  // The host's CSS can only style the booking card: what breaks a rule is named, with its line (400).
  const problems = customCssProblems(body.customCss ?? '');
  if (problems.length) {
    throw new ValidationFailed(
      problemText(problems[0]!),
      problems.map((problem) => ({ path: 'customCss', message: problemText(problem) })),
    );
  }
  return { ...fields, ...locationFieldsOf(body, event) };
}

/**
 * The stored location of an editor body (issue 30): the detail the type uses (trimmed; '' when it uses none), who
 * calls on a phone meeting, and the spec's display text from them. A body without `locationDetail` or `phoneCaller`
 * (the spec's own client, which knows only the type) keeps what the event has for the same type.
 */
function locationFieldsOf(
  body: EventBody,
  event?: EventRecord,
): Pick<EventRecord, 'location' | 'locationType' | 'locationDetail' | 'phoneCaller'> {
  const { locationType } = body;
  const same = event?.locationType === locationType ? event : undefined;
  const phoneCaller =
    locationType === 'phone'
      ? (body.phoneCaller ?? (same ? eventLocationOf(same).phoneCaller : null) ?? 'guest')
      : null;
  const usesDetail =
    locationType === 'in-person' || locationType === 'link' || (locationType === 'phone' && phoneCaller === 'guest');
  const given = body.locationDetail === undefined ? same?.locationDetail : body.locationDetail;
  const locationDetail = usesDetail ? (given ?? '').trim() : '';
  return {
    locationType,
    locationDetail,
    phoneCaller,
    location: locationDisplayText({ locationType, locationDetail, phoneCaller }),
  };
}

/**
 * Google Meet needs Google (issue 30): a personal event's host must have Google Calendar connected, and every host of
 * a team event (each of them may be the one booked); else 400 saying why.
 */
export async function assertLocationPossible(
  deps: HostEventDeps,
  body: EventBody,
  ownerId: string,
  target: TeamTarget,
): Promise<void> {
  if (body.locationType !== 'google-meet') return;
  const detail = (message: string) => [{ path: 'locationType', message }];
  if (!target) {
    if (!hasGoogle(await deps.hosts.get(ownerId)))
      throw new ValidationFailed(GOOGLE_MEET_NEEDS_GOOGLE, detail(GOOGLE_MEET_NEEDS_GOOGLE));
    return;
  }
  const hosts = await deps.hosts.getMany(target.hosts.map((host) => host.userId));
  const without = target.hosts.filter((host) => !hasGoogle(hosts.get(host.userId)));
  if (without.length === 0) return;
  const names = without.map((host) => hosts.get(host.userId)?.name || host.userId).join(', ');
  const message = `Google Meet needs every host's Google Calendar connected, and ${names} ${
    without.length === 1 ? 'has' : 'have'
  } not connected it. Choose another location, or ask them to connect Google Calendar.`;
  throw new ValidationFailed(message, detail(message));
}
