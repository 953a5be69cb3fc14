import * as z from 'zod/mini';

import { DEFAULT_VIDEO_ROOM_BASE_URL } from '#shared/locations';
import { bucketName, optional, withDefault, type Values } from '#functions/config/variables';

/**
 * The stage: its table and region, logs, the site's address and files, photos, administrators, the abuse limits'
 * multiplier, the video call's rooms, and where the local server listens.
 */
export const stageVariables = {
  TABLE_NAME: withDefault(
    z.string().check(z.regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be 3–255 letters, digits, "_", "-" or "."')),
    'meetwise',
  ),
  AWS_REGION: withDefault(
    z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'must be an AWS region such as us-east-1')),
    'us-east-1',
  ),
  LOG_LEVEL: withDefault(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
  LOG_FORMAT: withDefault(z.enum(['json', 'readable']), 'json'),
  PORT: withDefault(
    z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(65535)),
    3000,
  ),
  DATA_DIR: withDefault(z.string().check(z.minLength(1)), '.data'),
  SITE_URL: optional(
    z.url({ protocol: /^https?$/, message: 'must be the site address, such as https://meetwise.example.com' }),
  ),
  VIDEO_ROOM_BASE_URL: withDefault(
    z.url({ protocol: /^https$/, message: 'must be an https:// address, such as https://meet.jit.si' }),
    DEFAULT_VIDEO_ROOM_BASE_URL,
  ),
  HOST: withDefault(
    z
      .string()
      .check(z.regex(/^[\w.:-]{1,253}$/, 'must be an interface address or host name, such as 127.0.0.1 or 0.0.0.0')),
    '127.0.0.1',
  ),
  PHOTO_BUCKET: optional(bucketName()),
  SITE_BUCKET: optional(bucketName()),
  SITE_DIR: withDefault(z.string().check(z.minLength(1)), 'frontend/dist'),
  ADMIN_EMAILS: optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((value) =>
          value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        ),
      ),
      z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })),
    ),
  ),
  RATE_LIMIT_MULTIPLIER: withDefault(
    z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1), z.lte(100_000)),
    1,
  ),
};

/** Where the booking page publisher finds the page shells and puts its pages (Config['site']). */
export const siteOf = (env: Values<typeof stageVariables>) =>
  env.SITE_BUCKET ? { bucket: env.SITE_BUCKET } : { buildDir: env.SITE_DIR };

/** The site's address as browsers use it (Config['siteUrl']): SITE_URL, else http://localhost:{PORT}. */
export const siteUrlOf = (env: Values<typeof stageVariables>) =>
  (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
