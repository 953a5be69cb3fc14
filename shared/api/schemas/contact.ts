import * as z from 'zod';
import { CONTACT_LIMITS as L } from '#shared/constants';
import { emailAddress, singleLine } from './common.ts';

/** POST /api/contact/submit (host-area.md §5 "Contact", §7). The same rules run in the form and on the server. */
export const contactSubmitBody = z.strictObject({
  name: singleLine('Name')
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(L.nameMin, `Name must be at least ${L.nameMin} characters.`)
        .max(L.nameMax, `Name must be at most ${L.nameMax} characters.`),
    ),
  email: emailAddress('Please enter a valid email address.', L.emailMax),
  subject: singleLine('Subject')
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(L.subjectMin, `Subject must be at least ${L.subjectMin} characters.`)
        .max(L.subjectMax, `Subject must be at most ${L.subjectMax} characters.`),
    ),
  message: z
    .string({ error: (issue) => (issue.input === undefined ? 'Message is required.' : 'Message must be text.') })
    .trim()
    .min(L.messageMin, `Message must be at least ${L.messageMin} characters.`)
    .max(L.messageMax, `Message must be at most ${L.messageMax} characters.`),
});
export type ContactSubmitBody = z.infer<typeof contactSubmitBody>;
/** What the form holds before validation. */
export type ContactSubmitInput = z.input<typeof contactSubmitBody>;
