import { randomUUID } from 'node:crypto';

import type { Clock, IdGenerator } from '#functions/ports/core';

export const systemClock: Clock = { now: () => new Date() };

export const uuidIds: IdGenerator = { next: () => randomUUID() };
