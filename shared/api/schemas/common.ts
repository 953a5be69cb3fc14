import * as z from 'zod';

/** `{ message }`: the answer of writes whose response the spec reduces to a sentence. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The JSON error body every failing call returns (ARCHITECTURE.md §2 "Errors"). */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

const LINE_BREAK = /[\r\n]/;

/**
 * A single-line text field: refuses CR and LF (they would let a value inject mail headers) before
 * trimming, so a line break anywhere is an error rather than silently cut off.
 */
export const singleLine = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .refine((value) => !LINE_BREAK.test(value), {
    message: `${label} must not contain line breaks.`,
    abort: true,
  });

/** A valid e-mail address on one line, trimmed. */
export const emailAddress = (message: string, max = 254) =>
  singleLine('Email')
    .transform((value) => value.trim())
    .pipe(z.email({ message }).max(max, `Email must be at most ${max} characters.`));

/** Single-line text, trimmed, between `min` and `max` characters, with the messages "{Label} must be at least/most N characters." */
export const singleLineText = (label: string, min: number, max: number) =>
  singleLine(label)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min, `${label} must be at least ${min} characters.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );
