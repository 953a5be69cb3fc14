import type { HostEvent } from '#shared/api/schemas/host-events';
import { EVENT_SLUG_MAX, EVENT_TITLE_MAX, TRIAL_EXPIRED_ACTIVATION_MESSAGE } from '#shared/constants';
import { overrideId } from '#functions/app/events/date-overrides';
import { ownedEvent, type HostEventDeps } from '#functions/app/events/event-access';
import { mayActivateNow } from '#functions/app/events/event-activation';
import { viewOf } from '#functions/app/events/host-event-view';
import { newEvent } from '#functions/domain/event-defaults';
import { Conflict, PaymentRequired } from '#functions/errors';
import type { Principal } from '#functions/ports/core';

/** "intro-call" → "intro-call-copy", "intro-call-copy-2" … within the slug length. */
function* copySlugs(slug: string): Generator<string> {
  for (let n = 1; n <= 50; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    yield `${slug.slice(0, EVENT_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
}

/**
 * POST /api/events/{id}/duplicate: a copy with the title "… (copy)", the next free "-copy" slug and the original's
 * date overrides. It is active when the original is and the trial or plan allows, else inactive; asking for an
 * active copy when the trial forbids is 402. A team event's copy stays in the team with the same hosts; the caller
 * (an owner or admin) is its publisher.
 */
export async function duplicateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: { active?: boolean },
): Promise<HostEvent> {
  const { account, event, overrides, team, role } = await ownedEvent(deps, principal, ref);
  const allowed = await mayActivateNow(deps, account);
  if (body.active && !allowed) throw new PaymentRequired(TRIAL_EXPIRED_ACTIVATION_MESSAGE);
  const active = body.active ?? (event.active && allowed);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = event;
  const title = `${event.title} (copy)`.slice(0, EVENT_TITLE_MAX);
  for (const slug of copySlugs(event.slug)) {
    if ((await deps.events.findIdBySlug(slug)) !== null) continue;
    const created = await deps.events.create(
      newEvent({ ...fields, userId: account.id, title, slug, active }, deps.clock.now()),
    );
    if (!created) continue; // taken meanwhile: the next one
    for (const override of overrides)
      await deps.events.saveOverride({ ...override, eventId: created.id, id: overrideId(created.id, override.date) });
    return viewOf(deps, account, created, team && role ? { team, role } : null);
  }
  throw new Conflict('Could not find a free URL for the copy. Please rename some copies first.');
}
