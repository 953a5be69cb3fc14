import { isApiError } from '#frontend/lib/api.ts';

/** A calendar call refused for want of a session: the screen then shows its authentication banner. */
export const isUnauthorized = (error: unknown): boolean => isApiError(error) && error.status === 401;

/** Calendar errors: the server's message when it sent one, else the catalogue's fallback. */
export const messageOr = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message.trim() ? error.message : fallback;
