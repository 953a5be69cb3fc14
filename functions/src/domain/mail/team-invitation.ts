import { utcMinute } from '#functions/domain/mail/dates';
import { paragraph, renderMail, webLink, type RenderedMail } from '#functions/domain/mail/render';
import type { TeamInvitationRecord } from '#functions/domain/records';

/**
 * To an invited address (issue 28, app/teams/team-invitation-mail.ts): who invited it to which team and as what, and the
 * console's invitations screen, where only an account that proved the address can accept.
 */
export function teamInvitationMail(input: {
  /** The inviter's name, or null when they are gone. */
  inviter: string | null;
  teamName: string;
  role: TeamInvitationRecord['role'];
  /** The console's invitations screen: {SITE_URL}/teams/invitations */
  link: string;
  expiresAt: string;
}): RenderedMail {
  const inviter = input.inviter ?? 'A team member';
  const role = input.role === 'admin' ? 'an admin' : 'a member';
  return renderMail({
    subject: `${inviter} invited you to join ${input.teamName} on Meetwise`,
    blocks: [
      paragraph('Hello,'),
      paragraph(
        `${inviter} invited you to join the team ${input.teamName} on Meetwise as ${role}.`,
        'To accept, sign in to Meetwise with this e-mail address (verified) and open your invitations:',
        webLink(input.link),
      ),
      paragraph(
        `The invitation is valid until ${utcMinute(input.expiresAt)}. If you did not expect it, ignore this e-mail.`,
      ),
    ],
  });
}
