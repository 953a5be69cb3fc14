import type { ContactSubmitBody } from '#shared/api/schemas/contact';
import { enforceLimits, type RateLimitDeps } from '#functions/app/common/abuse-limits';
import type { Config } from '#functions/config';
import { ABUSE_LIMITS } from '#functions/domain/abuse-limits';
import { contactMessageMail } from '#functions/domain/mail/contact-message';
import { ServiceUnavailable } from '#functions/errors';
import type { IdGenerator, Logger } from '#functions/ports/core';
import type { Mailer } from '#functions/ports/mail';
import type { ContactMessageRepository, SettingsRepository } from '#functions/ports/site';

/** What a contact message needs: the abuse limits, ids, the message store, the mailer and its address, the log. */
export type SubmitContactDeps = RateLimitDeps & {
  ids: IdGenerator;
  contactMessages: ContactMessageRepository;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  settings: SettingsRepository;
};

/**
 * Submit a contact message.
 * Input: a validated message (name, email, subject, message) and the sender's address. Output: `{ message }`.
 * Primary course:
 * 0. Count the message against the sender address's limit (5 an hour): over it, 429 and nothing stored or mailed.
 * 1. Store the message with a new id and the current time.
 * 2. Mail it to the admin's e-mail from the settings (else the configured contact address), reply-to the sender, so
 *    the admin can answer from the inbox.
 * 3. Answer with a thank-you sentence.
 * If the mail cannot be sent, the stored message is removed again (nothing half-written) and the caller is told
 * to try later (503), so a retry neither duplicates nor loses the message.
 */
export async function submitContact(
  deps: SubmitContactDeps,
  input: ContactSubmitBody,
  clientAddress: string,
): Promise<{ message: string }> {
  await enforceLimits(deps, [{ rule: ABUSE_LIMITS.contactMessagesPerAddress, subject: clientAddress }]);
  // The admin's e-mail in the settings (issue 17), else the configured contact address; read before anything is
  // stored, so a failure leaves nothing behind.
  const adminEmail = (await deps.settings.get())?.adminEmail?.trim();
  const record = { id: deps.ids.next(), createdAt: deps.clock.now().toISOString(), ...input };
  await deps.contactMessages.save(record);
  try {
    await deps.mailer.send({
      to: [adminEmail || deps.config.contactEmail],
      replyTo: [record.email],
      ...contactMessageMail(record),
    });
  } catch (error) {
    deps.logger.error('Contact mail failed; message withdrawn', {
      contactId: record.id,
      error: error instanceof Error ? error.message : String(error),
    });
    await deps.contactMessages.remove(record.id);
    throw new ServiceUnavailable("Your message couldn't be sent. Please try again later.");
  }
  return { message: "Thanks for your message. We'll get back to you soon." };
}
