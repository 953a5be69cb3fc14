import * as z from 'zod/mini';

import { emailAddress, singleLineText, visibleText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';
import { CONTACT_LIMITS as L } from '#shared/constants';

loadEnglishMessages();

/** POST /api/contact/submit (submitContact in docs/api.md). The same rules run in the form and on the server. */
export const contactSubmitBody = z.strictObject({
  name: singleLineText('Name', L.nameMin, L.nameMax),
  email: emailAddress('Please enter a valid email address.', L.emailMax),
  subject: singleLineText('Subject', L.subjectMin, L.subjectMax),
  message: z.pipe(
    z.pipe(
      z.string({ error: (issue) => (issue.input === undefined ? 'Message is required.' : 'Message must be text.') }),
      z.transform((value) => visibleText(value, true)),
    ),
    z
      .string()
      .check(
        z.minLength(L.messageMin, `Message must be at least ${L.messageMin} characters.`),
        z.maxLength(L.messageMax, `Message must be at most ${L.messageMax} characters.`),
      ),
  ),
});
export type ContactSubmitBody = z.infer<typeof contactSubmitBody>;
/** What the form holds before validation. */
export type ContactSubmitInput = z.input<typeof contactSubmitBody>;
