import { describe, expect, it } from 'vitest';

import {
  emailChangeMail,
  emailChangeNoticeMail,
  signInLinkMail,
  verificationMail,
} from '#functions/domain/mail/account';
import { contactMessageMail } from '#functions/domain/mail/contact-message';
import { fallbackSentence, locationFallbackMail } from '#functions/domain/mail/location-fallback';
import { paragraph, renderMail, webLink } from '#functions/domain/mail/render';
import { teamInvitationMail } from '#functions/domain/mail/team-invitation';
import { webhookDisabledMail } from '#functions/domain/mail/webhook-disabled';

/**
 * Every mail other than a booking's (domain/mail/): each one's text part word for word, and its HTML part through the
 * same renderer as the booking mails (the product's colours, every typed text escaped, web links as links, no heading
 * or footer the text part does not have).
 */

const LINK = 'https://meetwise.test/verify-email?token=abc';

/** The HTML part's shared frame: a document titled with the subject, the product's name, no heading, no footer. */
function expectFrame(mail: { subject: string; html: string }, title: string) {
  expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
  expect(mail.html).toContain(`<title>${title}</title>`);
  expect(mail.html).toContain('>Meetwise</p>');
  expect(mail.html).not.toContain('<h1');
  expect(mail.html).toMatch(/<\/div><\/div><\/body><\/html>$/);
}

describe('the account mails', () => {
  it('a new account’s confirmation link', () => {
    const mail = verificationMail({ name: 'Ada <L>', link: LINK, hours: 24 });
    expect(mail.subject).toBe('Confirm your e-mail address for Meetwise');
    expect(mail.text).toBe(
      [
        'Hello Ada <L>,',
        '',
        'Please confirm that this is your e-mail address, so we can trust it with your Meetwise account. Open this link in the browser where you are signed in to Meetwise and press its button:',
        LINK,
        '',
        'The link works once, for 24 hours. If you did not create a Meetwise account, ignore this e-mail.',
      ].join('\n'),
    );
    expectFrame(mail, 'Confirm your e-mail address for Meetwise');
    expect(mail.html).toContain('<p style="margin:0 0 12px;">Hello Ada &lt;L&gt;,</p>');
    expect(mail.html).toContain(`press its button:<br><a href="${LINK}" style="color:#c64a0a;">${LINK}</a></p>`);
  });

  it('a new address’s confirmation link, and the notice to the address in use', () => {
    const change = emailChangeMail({
      name: 'Ada',
      newEmail: 'new@example.com',
      currentEmail: 'ada@example.com',
      link: LINK,
      hours: 24,
    });
    expect(change.subject).toBe('Confirm your new e-mail address for Meetwise');
    expect(change.text).toBe(
      [
        'Hello Ada,',
        '',
        'To use new@example.com for your Meetwise account from now on, open this link in the browser where you are signed in to Meetwise and press its button:',
        LINK,
        '',
        'The link works once, for 24 hours. Until then your account keeps ada@example.com.',
      ].join('\n'),
    );
    expectFrame(change, 'Confirm your new e-mail address for Meetwise');
    expect(change.html).toContain(`<a href="${LINK}"`);

    const notice = emailChangeNoticeMail({ name: 'Ada', newEmail: 'new@example.com' });
    expect(notice.subject).toBe('Your Meetwise e-mail address is about to change');
    expect(notice.text).toBe(
      [
        'Hello Ada,',
        '',
        'Someone signed in to your Meetwise account asked to change its e-mail address to new@example.com.',
        'Nothing changes unless the link sent to that address is used. If this was not you, change your password.',
      ].join('\n'),
    );
    expectFrame(notice, 'Your Meetwise e-mail address is about to change');
    expect(notice.html).toContain('address to new@example.com.<br>Nothing changes unless');
    expect(notice.html).not.toContain('<a ');
  });

  it('a sign-in link', () => {
    const link = 'https://meetwise.test/sign-in-link?token=xyz';
    const mail = signInLinkMail({ name: 'Ada & co', link, minutes: 15 });
    expect(mail.subject).toBe('Your Meetwise sign-in link');
    expect(mail.text).toBe(
      [
        'Hello Ada & co,',
        '',
        'Someone asked to sign in to your Meetwise account without a password. To sign in, open this link:',
        link,
        '',
        'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail: nothing changes.',
      ].join('\n'),
    );
    expectFrame(mail, 'Your Meetwise sign-in link');
    expect(mail.html).toContain('Hello Ada &amp; co,');
    expect(mail.html).toContain(`<a href="${link}"`);
  });
});

describe('a team invitation', () => {
  const input = {
    inviter: 'Grace',
    teamName: 'The <Team>',
    role: 'admin' as const,
    link: 'https://meetwise.test/teams/invitations',
    expiresAt: '2026-03-09T12:34:56.000Z',
  };

  it('names who invited, the team, the role and the end, with the invitations screen', () => {
    const mail = teamInvitationMail(input);
    expect(mail.subject).toBe('Grace invited you to join The <Team> on Meetwise');
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Grace invited you to join the team The <Team> on Meetwise as an admin.',
        'To accept, sign in to Meetwise with this e-mail address (verified) and open your invitations:',
        input.link,
        '',
        'The invitation is valid until Mon, 09 Mar 2026 12:34 UTC. If you did not expect it, ignore this e-mail.',
      ].join('\n'),
    );
    expectFrame(mail, 'Grace invited you to join The &lt;Team&gt; on Meetwise');
    expect(mail.html).toContain('the team The &lt;Team&gt; on Meetwise as an admin.<br>To accept');
    expect(mail.html).toContain(`<a href="${input.link}"`);
  });

  it('says "A team member" when the inviter is gone, and "a member" for a member', () => {
    const mail = teamInvitationMail({ ...input, inviter: null, role: 'member' });
    expect(mail.subject).toBe('A team member invited you to join The <Team> on Meetwise');
    expect(mail.text).toContain('A team member invited you to join the team The <Team> on Meetwise as a member.');
  });
});

describe('a webhook switched off', () => {
  it('tells its owner since when it failed and where to switch it on again', () => {
    const mail = webhookDisabledMail({
      ownerName: 'Ada',
      url: 'https://hook.example/in?a=1&b=2',
      failingSince: '2026-03-01T10:20:30.000Z',
      siteUrl: 'https://meetwise.test',
    });
    expect(mail.subject).toBe('A Meetwise webhook was switched off');
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        '',
        'Meetwise could not deliver to your webhook endpoint https://hook.example/in?a=1&b=2 since 2026-03-01 10:20 UTC: every attempt failed for 3 days in a row, so we switched it off. Events that happen while it is off are not sent.',
        '',
        'Read its delivery log and switch it on again under Integrations → Webhooks: https://meetwise.test/integrations/webhooks',
      ].join('\n'),
    );
    expectFrame(mail, 'A Meetwise webhook was switched off');
    // The endpoint's address is text (escaped), the console's page a link.
    expect(mail.html).toContain('endpoint https://hook.example/in?a=1&amp;b=2 since');
    expect(mail.html).toContain(
      'Webhooks: <a href="https://meetwise.test/integrations/webhooks" style="color:#c64a0a;">https://meetwise.test/integrations/webhooks</a>',
    );
  });
});

describe('the location fallback notice', () => {
  it('one event type, no bookings', () => {
    const mail = locationFallbackMail({
      hostName: 'Katherine Johnson',
      events: [{ title: 'Genetics chat' }],
      bookings: 0,
      siteUrl: 'https://meetwise.test',
    });
    expect(mail.subject).toBe('Your Google Meet event types now use a video call');
    expect(mail.text).toBe(
      [
        'Hello Katherine Johnson,',
        '',
        'Your event type "Genetics chat" used Google Meet, which needs Google Calendar: it now uses a video call, and every booking gets its own link.',
        '',
        'No upcoming bookings needed a new link.',
        '',
        'To use Google Meet again, connect Google Calendar and choose Google Meet in each event type:',
        'https://meetwise.test/calendar',
      ].join('\n'),
    );
    expect(fallbackSentence({ events: [{ title: 'Genetics chat' }] })).toBe(mail.text.split('\n')[2]);
    expectFrame(mail, 'Your Google Meet event types now use a video call');
    expect(mail.html).toContain('<a href="https://meetwise.test/calendar"');
  });

  it('one booking', () => {
    const mail = locationFallbackMail({ hostName: 'K', events: [{ title: 'A' }], bookings: 1, siteUrl: 'https://s' });
    expect(mail.text).toContain('\n\nThe upcoming booking got its video call link, and its guests were sent it.\n\n');
  });
});

describe('a contact message', () => {
  it('says who wrote it, when, its reference, and the message as typed', () => {
    const mail = contactMessageMail({
      id: 'c-1',
      name: 'Bob <b>',
      email: 'bob@example.com',
      subject: 'Teams & calendars',
      message: 'Line 1\r\n\r\n  Line <2>\n',
      createdAt: '2026-03-02T12:00:00.000Z',
    });
    expect(mail.subject).toBe('[Meetwise contact] Teams & calendars');
    expect(mail.text).toBe(
      'From: Bob <b> <bob@example.com>\nSent: 2026-03-02T12:00:00.000Z\nReference: c-1\n\nLine 1\r\n\r\n  Line <2>\n',
    );
    expectFrame(mail, '[Meetwise contact] Teams &amp; calendars');
    expect(mail.html).toContain(
      '>From</th><td style="vertical-align:top;padding:4px 0;">Bob &lt;b&gt; &lt;bob@example.com&gt;</td>',
    );
    expect(mail.html).toContain(
      '<p style="margin:0 0 12px;white-space:pre-wrap;">Line 1\r\n\r\n  Line &lt;2&gt;\n</p>',
    );
  });
});

describe('the renderer', () => {
  it('links only web addresses', () => {
    const mail = renderMail({ subject: 'S', blocks: [paragraph(webLink('javascript:alert(1)', 'Open: '))] });
    expect(mail.text).toBe('Open: javascript:alert(1)');
    expect(mail.html).toContain('Open: <a href="#" style="color:#c64a0a;">javascript:alert(1)</a>');
  });

  it('writes a heading and a footer in both parts when the letter has them', () => {
    const mail = renderMail({ subject: 'S', heading: 'Title', blocks: [paragraph('Body')], footer: 'Sent by us.' });
    expect(mail.text).toBe('Title\n\nBody\n\n-- \nSent by us.\n');
    expect(mail.html).toContain('<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;">Title</h1>');
    expect(mail.html).toContain('>Sent by us.</p></div></body></html>');
  });
});
