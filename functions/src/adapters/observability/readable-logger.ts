import type { Logger } from '#functions/ports/core';

/**
 * The Logger port for a person at a terminal (the local runner, LOG_FORMAT=readable): the same calls and fields
 * as the JSON lines of the cloud, one readable line each, e.g.
 * `14:03:07 WARN  createBooking req-4f2c  Booking write retried  attempt=2`.
 */

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

const valueText = (value: unknown): string => {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value instanceof Error) return JSON.stringify(value.message);
  return JSON.stringify(value);
};

export function readableLogger(
  level: Level,
  keys: Record<string, unknown> = {},
  write: (line: string, level: Level) => void = defaultWrite,
): Logger {
  const { route, requestId, ...otherKeys } = keys;
  const where = [route, typeof requestId === 'string' ? requestId.slice(0, 8) : undefined].filter(Boolean).join(' ');
  const line = (entryLevel: Level, message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[entryLevel] < LEVELS[level]) return;
    const extra = Object.entries({ ...otherKeys, ...fields })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${valueText(value)}`)
      .join(' ');
    const time = new Date().toISOString().slice(11, 19);
    write([time, entryLevel.toUpperCase().padEnd(5), where, message, extra].filter(Boolean).join('  '), entryLevel);
  };
  return {
    info: (message, fields) => line('info', message, fields),
    warn: (message, fields) => line('warn', message, fields),
    error: (message, fields) => line('error', message, fields),
    with: (more) => readableLogger(level, { ...keys, ...more }, write),
  };
}

function defaultWrite(line: string, level: Level): void {
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
