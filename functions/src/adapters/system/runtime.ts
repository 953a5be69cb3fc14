import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator, Logger } from '#functions/ports';

export const systemClock: Clock = { now: () => new Date() };

export const uuidIds: IdGenerator = { next: () => randomUUID() };

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;

/** One JSON line per entry: what CloudWatch Logs Insights reads well, and grep too. */
export function jsonLogger(level: keyof typeof LEVELS): Logger {
  const write = (entryLevel: keyof typeof LEVELS, message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[entryLevel] < LEVELS[level]) return;
    const line = JSON.stringify({ level: entryLevel, time: new Date().toISOString(), message, ...fields });
    if (entryLevel === 'error' || entryLevel === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
