import { isoMinute } from '#functions/domain/mail/dates';
import { paragraph, renderMail, webLink, type RenderedMail } from '#functions/domain/mail/render';
import { FAILING_DAYS_BEFORE_DISABLED } from '#functions/domain/webhooks';

/** To an endpoint's owner when it was switched off for failing (app/integrations/webhook-delivery.ts). */
export function webhookDisabledMail(input: {
  ownerName: string;
  url: string;
  /** Its first failure after its last success (ISO). */
  failingSince: string;
  siteUrl: string;
}): RenderedMail {
  return renderMail({
    subject: 'A Meetwise webhook was switched off',
    blocks: [
      paragraph(`Hello ${input.ownerName},`),
      paragraph(
        `Meetwise could not deliver to your webhook endpoint ${input.url} since ${isoMinute(input.failingSince)}: every attempt failed for ${FAILING_DAYS_BEFORE_DISABLED} days in a row, so we switched it off. Events that happen while it is off are not sent.`,
      ),
      paragraph(
        webLink(
          `${input.siteUrl}/integrations/webhooks`,
          'Read its delivery log and switch it on again under Integrations → Webhooks: ',
        ),
      ),
    ],
  });
}
