import type { EventBody, HostEvent } from '#shared/api/schemas/host-events';
import { callerAccount } from '#functions/app/common/caller';
import { ownedEvent, type HostEventDeps } from '#functions/app/events/event-access';
import { assertMayActivate, publisherOf } from '#functions/app/events/event-activation';
import { assertLocationPossible, fieldsOf } from '#functions/app/events/event-editor-fields';
import { namedTeam, teamFieldsOf, teamTarget } from '#functions/app/events/event-team-target';
import { viewOf } from '#functions/app/events/host-event-view';
import { newEvent } from '#functions/domain/event-defaults';
import type { EventRecord } from '#functions/domain/records';
import { Conflict } from '#functions/errors';
import type { Principal } from '#functions/ports/core';

const SLUG_TAKEN = 'This URL is already taken';

/**
 * POST /api/events. Input: every editor field; for a team event type also `teamSlug`, `schedulingType` and `hosts`.
 * Primary course: the event is active unless the body says otherwise; activating after the trial without a plan is
 * 402 (a team event is published on its creator's plan, as a personal one); the slug is claimed in the same
 * transaction as the event (409 "This URL is already taken" when another event has it). A team event needs the
 * caller to be an owner or admin of the team (403 for a member, 404 when not a member or no such team) and every
 * host to be a member (400); it is listed under its team instead of its creator.
 */
export async function createEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  body: EventBody,
): Promise<HostEvent> {
  const account = await callerAccount(deps, principal);
  const target = body.teamSlug ? await namedTeam(deps, account, { ...body, teamSlug: body.teamSlug }) : null;
  const fields = fieldsOf(body, account);
  await assertLocationPossible(deps, body, account.id, target);
  const active = body.active ?? true;
  if (active) await assertMayActivate(deps, account);
  const created = await deps.events.create(
    newEvent({ ...fields, userId: account.id, active, ...teamFieldsOf(target) }, deps.clock.now()),
  );
  if (!created) throw new Conflict(SLUG_TAKEN);
  return viewOf(deps, account, created, target);
}

/**
 * PATCH /api/events/{slug}: the toggle `{ active }` or the full edit. Activating an inactive event after the trial
 * without a plan is 402 (the plan of the account that publishes it); a new slug must be free (409). Id, publisher
 * and creation time never change. A team event is changed by its team's owners and admins only (403 for a member);
 * its team fields follow teamTarget.
 */
export async function updateEvent(
  deps: HostEventDeps,
  principal: Principal | null,
  ref: string,
  body: EventBody | { active: boolean },
): Promise<HostEvent> {
  const access = await ownedEvent(deps, principal, ref);
  const { account, event } = access;
  const target = await teamTarget(deps, access, body);
  const changes = 'slug' in body ? fieldsOf(body, account, event) : {};
  if ('slug' in body) await assertLocationPossible(deps, body, event.userId, target);
  const active = body.active ?? event.active;
  if (active && !event.active) await assertMayActivate(deps, await publisherOf(deps, account, event));
  const { teamId: _teamId, schedulingType: _schedulingType, hosts: _hosts, ...base } = event;
  const updated: EventRecord = {
    ...base,
    ...changes,
    ...teamFieldsOf(target),
    active,
    updatedAt: deps.clock.now().toISOString(),
  };
  const saved = await deps.events.update(updated, event.slug);
  if (!saved) {
    if (updated.slug !== event.slug && (await deps.events.findIdBySlug(updated.slug)) !== null)
      throw new Conflict(SLUG_TAKEN);
    throw new Conflict('The event was changed meanwhile. Please reload the page and try again.');
  }
  return viewOf(deps, account, saved, target);
}
