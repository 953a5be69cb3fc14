import { PRODUCT_NAME } from '#shared/constants';
import { renderMail, rows, typed, type RenderedMail } from '#functions/domain/mail/render';
import type { ContactMessage } from '#functions/domain/records';

/**
 * A contact message to the administrator (app/site/submit-contact.ts), replied to from their inbox: who wrote it, when,
 * its reference, and the message as it was typed.
 */
export function contactMessageMail(message: ContactMessage): RenderedMail {
  return renderMail({
    subject: `[${PRODUCT_NAME} contact] ${message.subject}`,
    blocks: [
      rows([
        { label: 'From', value: `${message.name} <${message.email}>` },
        { label: 'Sent', value: message.createdAt },
        { label: 'Reference', value: message.id },
      ]),
      typed(message.message),
    ],
  });
}
