import { GetSendQuotaCommand } from '@aws-sdk/client-ses';

import { sesClient } from '#functions/adapters/ses/mailer';
import type { Config } from '#functions/config';
import type { SendQuota } from '#functions/ports/mail';

/** How long the account's rate, once read, is kept in the execution environment. */
export const SEND_QUOTA_TTL_MS = 5 * 60_000;

/**
 * SES's GetSendQuota (MaxSendRate: the account's mails a second in the region), read at most every 5 minutes per
 * execution environment. Null when it cannot be read (the call failed: the stage's rate alone then holds) and on one
 * machine, where the SES emulator has no quota.
 */
export function sesSendQuota(
  config: Pick<Config, 'region' | 'sesEndpoint'>,
  options: {
    ttlMs?: number;
    now?: () => number;
    client?: { send(command: GetSendQuotaCommand): Promise<unknown> };
  } = {},
): SendQuota {
  const ttlMs = options.ttlMs ?? SEND_QUOTA_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { rate: number | null; at: number } | null = null;
  let client = options.client;
  return {
    async maxSendRate() {
      if (config.sesEndpoint && !options.client) return null;
      if (cached && now() - cached.at < ttlMs) return cached.rate;
      client ??= sesClient(config);
      let rate: number | null;
      try {
        const answer = (await client.send(new GetSendQuotaCommand({}))) as { MaxSendRate?: number };
        rate = typeof answer.MaxSendRate === 'number' && answer.MaxSendRate > 0 ? answer.MaxSendRate : null;
      } catch {
        rate = null;
      }
      cached = { rate, at: now() };
      return rate;
    },
  };
}
