import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type { z } from 'zod/mini';

import { AppError, Overloaded, TooManyRequests, ValidationFailed, type ErrorDetail } from '#functions/errors';
import { jsonResponse } from '#functions/http/response';
import type { Logger } from '#functions/ports/core';

/** Turns zod issues into our details list; unknown keys are named plainly. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  return issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => `"${key}"`).join(', ');
      return { path, message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${keys}.` };
    }
    return { path, message: issue.message };
  });
}

export function validationFailed(issues: readonly z.core.$ZodIssue[], prefix?: string): ValidationFailed {
  const details = issuesToDetails(issues, prefix);
  return new ValidationFailed(details[0]?.message ?? 'Invalid request.', details);
}

/**
 * The one place errors become HTTP answers: typed errors keep their status, message and code; anything else is
 * logged with the request id and answered with a generic 500, so internals are never echoed.
 */
export function errorToResponse(error: unknown, requestId: string, logger: Logger): APIGatewayProxyResultV2 {
  if (error instanceof AppError) {
    const response = jsonResponse(error.status, {
      message: error.message,
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    });
    if (error instanceof TooManyRequests || error instanceof Overloaded) {
      response.headers = { ...response.headers, 'Retry-After': String(error.retryAfterSeconds) };
    }
    return response;
  }
  logger.error('Unhandled error', {
    requestId,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return jsonResponse(500, { message: 'Internal server error', code: 'INTERNAL', requestId });
}
