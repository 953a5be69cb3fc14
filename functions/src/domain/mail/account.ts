import { paragraph, renderMail, webLink, type RenderedMail } from '#functions/domain/mail/render';

/**
 * The mails about a person's own account, each sent because they (or someone with their address) asked: the link
 * that proves a new account's address, the link that proves a new address and the notice to the old one, and the
 * sign-in link. Their links open a page whose button acts (mail scanners open every link).
 */

/** To a new account's address: confirm it (app/accounts/email-verification.ts). */
export function verificationMail(input: { name: string; link: string; hours: number }): RenderedMail {
  return renderMail({
    subject: 'Confirm your e-mail address for Meetwise',
    blocks: [
      paragraph(`Hello ${input.name},`),
      paragraph(
        'Please confirm that this is your e-mail address, so we can trust it with your Meetwise account. Open this link in the browser where you are signed in to Meetwise and press its button:',
        webLink(input.link),
      ),
      paragraph(
        `The link works once, for ${input.hours} hours. If you did not create a Meetwise account, ignore this e-mail.`,
      ),
    ],
  });
}

/** To the new address a profile asked for: confirm it; nothing changes until then. */
export function emailChangeMail(input: {
  name: string;
  newEmail: string;
  currentEmail: string;
  link: string;
  hours: number;
}): RenderedMail {
  return renderMail({
    subject: 'Confirm your new e-mail address for Meetwise',
    blocks: [
      paragraph(`Hello ${input.name},`),
      paragraph(
        `To use ${input.newEmail} for your Meetwise account from now on, open this link in the browser where you are signed in to Meetwise and press its button:`,
        webLink(input.link),
      ),
      paragraph(`The link works once, for ${input.hours} hours. Until then your account keeps ${input.currentEmail}.`),
    ],
  });
}

/** To the address a profile has now, when a change to another was asked for. */
export function emailChangeNoticeMail(input: { name: string; newEmail: string }): RenderedMail {
  return renderMail({
    subject: 'Your Meetwise e-mail address is about to change',
    blocks: [
      paragraph(`Hello ${input.name},`),
      paragraph(
        `Someone signed in to your Meetwise account asked to change its e-mail address to ${input.newEmail}.`,
        'Nothing changes unless the link sent to that address is used. If this was not you, change your password.',
      ),
    ],
  });
}

/** A sign-in link asked for on the login page (app/accounts/sign-in-link.ts). */
export function signInLinkMail(input: { name: string; link: string; minutes: number }): RenderedMail {
  return renderMail({
    subject: 'Your Meetwise sign-in link',
    blocks: [
      paragraph(`Hello ${input.name},`),
      paragraph(
        'Someone asked to sign in to your Meetwise account without a password. To sign in, open this link:',
        webLink(input.link),
      ),
      paragraph(
        `It works once, for ${input.minutes} minutes. If you did not ask for it, ignore this e-mail: nothing changes.`,
      ),
    ],
  });
}
