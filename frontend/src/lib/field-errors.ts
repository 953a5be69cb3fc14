import type { z } from 'zod';

import type { ErrorDetail } from '#frontend/lib/api.ts';

/** Field messages of a form: the first message per field, from the shared schema or the server's 400 details. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function errorsFromIssues<F extends string>(
  fields: readonly F[],
  issues: readonly z.core.$ZodIssue[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !errors[field as F]) {
      errors[field as F] = issue.message;
    }
  }
  return errors;
}

/** A 400 answer's details (`[{ path, message }]`); the path may be "name", "body.name" or "/name". */
export function errorsFromDetails<F extends string>(
  fields: readonly F[],
  details: readonly ErrorDetail[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const detail of details) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop();
    if (field && (fields as readonly string[]).includes(field) && !errors[field as F])
      errors[field as F] = detail.message;
  }
  return errors;
}
