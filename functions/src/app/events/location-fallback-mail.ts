import type { Config } from '#functions/config';
import { locationFallbackMail } from '#functions/domain/mail/location-fallback';
import type { LocationFallbackRecord } from '#functions/domain/records';
import type { OnceGuard } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { Mailer, MailSuppressions } from '#functions/ports/mail';

/**
 * The host's mail when their Google Meet event types became video calls (issue 30). The disconnect routes and the
 * migration only write a note (LocationFallbacks); the table's stream hands its insertion to notifyBookingChanges
 * (filtered on `type` LocationFallback, shared/jobs.ts), which calls this:
 * 1. nothing when the host is gone or their address is suppressed (a bounce or a complaint);
 * 2. else one mail to the host's address now, naming the event types and what happened to their bookings, sent once
 *    per note (the OnceGuard), however often the record comes.
 * Answers how many mails went out; throws when the send failed (the record comes again).
 */
export type LocationFallbackMailDeps = {
  config: Config;
  hosts: HostRepository;
  mailer: Mailer;
  once: OnceGuard;
  mailSuppressions: MailSuppressions;
};

export async function mailLocationFallback(
  deps: LocationFallbackMailDeps,
  note: LocationFallbackRecord,
): Promise<{ mails: number }> {
  const host = await deps.hosts.get(note.hostId);
  if (!host || note.events.length === 0) return { mails: 0 };
  const suppressed = await deps.mailSuppressions.suppressed([host.email]);
  if (suppressed.has(host.email.toLowerCase())) return { mails: 0 };
  const mail = locationFallbackMail({
    hostName: host.name,
    events: note.events,
    bookings: note.bookings,
    siteUrl: deps.config.siteUrl,
  });
  await deps.once.run(`location-fallback:${note.id}`, () => deps.mailer.send({ to: [host.email], ...mail }));
  return { mails: 1 };
}
