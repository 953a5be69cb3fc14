/**
 * Errors the availability engine throws for inputs it cannot work with. They carry a stable `code` but no HTTP
 * status: the domain knows nothing of HTTP, and the use case maps them (both are a 400 "bad request" in spirit).
 */

/** Longest piece of caller input echoed back in a message, so a huge query parameter never becomes a huge error. */
const MAX_ECHO_LENGTH = 64;

/** Caller input shortened for an error message. */
export function echo(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > MAX_ECHO_LENGTH ? `${text.slice(0, MAX_ECHO_LENGTH)}…` : text;
}

export abstract class AvailabilityInputError extends Error {
  abstract readonly code: string;
}

/** An IANA time zone name the runtime does not know, or a legacy abbreviation such as 'PST'. */
export class InvalidTimeZone extends AvailabilityInputError {
  readonly code = 'INVALID_TIME_ZONE';
  override readonly name = 'InvalidTimeZone';
  constructor(zone: unknown) {
    super(`Unknown time zone: ${echo(zone)}`);
  }
}

/** Any other input the engine relies on: a malformed date or time of day, month 13, a negative buffer, NaN … */
export class InvalidAvailabilityInput extends AvailabilityInputError {
  readonly code = 'INVALID_AVAILABILITY_INPUT';
  override readonly name = 'InvalidAvailabilityInput';
  /** Which input was refused, e.g. 'date', 'month', 'event.duration', 'busy[3].end'. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
