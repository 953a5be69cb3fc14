import * as z from 'zod/mini';

import { loadEnglishMessages } from '#shared/api/zod-english';

/**
 * How the configuration's modules declare their environment variables: each a zod schema of its value, a blank value
 * counting as unset. Each concern (stage.ts, secrets.ts, google.ts, stripe.ts, mail.ts, scheduler.ts, webhooks.ts,
 * local.ts) declares its variables, the rules between them, and the part of Config they make; parse.ts puts them
 * together.
 */

// Every concern's module imports this one: zod's English messages are loaded before any of their schemas is built.
loadEnglishMessages();

const blankToUndefined = z.transform((value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value,
);

/** A variable that may be unset (or blank). */
export const optional = <T extends z.core.$ZodType>(schema: T) => z.pipe(blankToUndefined, z.optional(schema));

/** A variable with a default when unset (or blank). */
export const withDefault = <T extends z.core.$ZodType>(schema: T, fallback: z.input<T>) =>
  z.pipe(blankToUndefined, z._default(schema, fallback as never));

/** The values a concern's variables hold once validated. */
export type Values<Shape extends z.core.$ZodShape> = z.output<z.ZodMiniObject<Shape>>;

/** A rule between variables: adds an issue (its path the variable named) for each one broken. */
export type VariableCheck<Shape extends z.core.$ZodShape> = (
  env: Values<Shape>,
  context: Pick<z.core.$RefinementCtx, 'addIssue'>,
) => void;

/** An S3 bucket name (photos, the site). */
export const bucketName = () =>
  z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'));

/** An SQS queue URL (the mail queue, the webhook queue). */
export const sqsQueueUrl = () =>
  z
    .string()
    .check(
      z.regex(
        /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\d{12}\/[\w-]{1,80}$/,
        'must be an SQS queue URL (https://sqs.{region}.amazonaws.com/{account}/{name})',
      ),
    );
