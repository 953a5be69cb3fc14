import type { Config } from '#functions/config';
import { teamInvitationMail } from '#functions/domain/mail/team-invitation';
import type { TeamInvitationRecord } from '#functions/domain/records';
import type { OnceGuard } from '#functions/ports/core';
import type { HostRepository } from '#functions/ports/hosts';
import type { Mailer, MailSuppressions } from '#functions/ports/mail';
import type { TeamRepository } from '#functions/ports/teams';

/**
 * The invitation mail (issue 28). The invite route writes the invitation and sends nothing; the table's stream hands
 * its insertion to notifyBookingChanges (filtered on `type` TeamInvitation, shared/jobs.ts), which calls this. A
 * record may come more than once: the mail goes out once per invitation id (the OnceGuard, as booking mail).
 */

export type InvitationMailDeps = {
  config: Config;
  teams: TeamRepository;
  hosts: HostRepository;
  mailer: Mailer;
  once: OnceGuard;
  mailSuppressions: MailSuppressions;
};

/**
 * One new invitation, as its stream image:
 * 1. nothing when it was revoked, accepted or replaced meanwhile, its team is gone, or its address is suppressed
 *    (a bounce or a complaint);
 * 2. else one mail to the invited address, naming the team, the role and who invited, with the link to the
 *    console's invitations screen (`{SITE_URL}/teams/invitations`), sent once per invitation id.
 * Answers how many mails went out; throws when the send failed (the record comes again).
 */
export async function mailTeamInvitation(
  deps: InvitationMailDeps,
  image: TeamInvitationRecord,
): Promise<{ mails: number }> {
  const invitation = await deps.teams.getInvitation(image.id);
  if (!invitation) return { mails: 0 };
  const team = await deps.teams.get(invitation.teamId);
  if (!team) return { mails: 0 };
  const suppressed = await deps.mailSuppressions.suppressed([invitation.email]);
  if (suppressed.has(invitation.email.toLowerCase())) return { mails: 0 };
  const inviter = (await deps.hosts.namesOf([invitation.invitedBy])).get(invitation.invitedBy) ?? null;
  const mail = teamInvitationMail({
    inviter,
    teamName: team.name,
    role: invitation.role,
    link: `${deps.config.siteUrl}/teams/invitations`,
    expiresAt: invitation.expiresAt,
  });
  await deps.once.run(`team-invitation:${invitation.id}`, () => deps.mailer.send({ to: [invitation.email], ...mail }));
  return { mails: 1 };
}
