import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';

import { RESTORE_STAMP } from '#shared/jobs';
import { LOCAL_CREDENTIALS } from '#functions/config';
import { optionValue, parseCommandLine, UsageError } from '#infra/cli-args';
import { tableDefinition } from '#infra/table-definition';

/**
 * `npm run table:copy -- --from RESTORED --to LIVE`: copies items from one table to another, for bringing data back
 * from a point-in-time restore (a restore always makes a new table; docs/self-hosting.md). By default only items the
 * target lacks are written (a condition on the key), so nothing newer in the live table is overwritten; `--overwrite`
 * writes every item. `--prefix USER#{id}` (or `HOST#{id}`) copies that host's whole data, whatever its partition;
 * another `--prefix` copies the items whose partition key starts so. `--dry-run` only counts.
 *
 * A restore is silent: each item is written as stored plus a restore stamp new to this run (shared/jobs.ts
 * `RESTORE_STAMP`), and the stream jobs skip the records of those writes, so no mail, reminder, webhook or page
 * publish fires. Items whose copy would act or revive something ended are never copied (see {@link NEVER_COPIED}).
 */

export const USAGE = `Usage: npm run table:copy -- --from TABLE --to TABLE [options]

  --from TABLE       the table to read (for example the one a point-in-time restore made)
  --to TABLE         the table to write (the stage's live table: the TableName output)
  --prefix TEXT      USER#{id} or HOST#{id}: that host's whole data (profile, calendar, event types, slugs,
                     bookings, day versions, …, whatever their partition); other text: only items whose
                     partition key (pk) starts with it
  --overwrite        also replace items the target already has (default: off, only missing items are added)
  --dry-run          count what would be copied, write nothing
  --region NAME      AWS region (default: the AWS configuration's)
  --endpoint URL     another DynamoDB endpoint (DynamoDB Local)

The copy is silent: the stream jobs skip its writes, so no e-mail, reminder, webhook or page publish fires.`;

export interface CopyOptions {
  from: string;
  to: string;
  prefix?: string;
  overwrite: boolean;
  dryRun: boolean;
  region?: string;
  endpoint?: string;
}

/** What happened to the items of one kind (their `type`, or their partition key's prefix when they have none). */
export interface KindCounts {
  read: number;
  written: number;
  kept: number;
  skipped: number;
}

export interface CopyResult {
  /** Items read that match the prefix (or belong to the host). */
  matched: number;
  /** Items written (none in a dry run). */
  written: number;
  /** Items left alone because the target has them already (without --overwrite). */
  kept: number;
  /** Items never copied ({@link NEVER_COPIED}, or past their expiry). */
  skipped: number;
  byKind: Record<string, KindCounts>;
  /** Why items were skipped, with how many each. */
  skippedFor: Record<string, number>;
  /** The restore stamp this run wrote on every item. */
  restoreStamp: string;
}

/**
 * Items never copied: copying them would act again (the local runner's timers and queues fire what they hold) or
 * bring back something that ended (a sign-in, a one-time link), or they are counters of a past moment.
 */
export const NEVER_COPIED: readonly { kind: string; pk?: string; sk?: string; why: string }[] = [
  { kind: 'Timer', pk: 'TIMER#', why: 'a timer of one machine would fire again (a reminder, an expiry)' },
  { kind: 'MailQueue', pk: 'MAILQUEUE#', why: 'a queued e-mail would be sent again' },
  { kind: 'WebhookQueue', pk: 'WHQUEUE#', why: 'a queued webhook message would be delivered again' },
  { kind: 'Session', sk: 'SESSION#', why: 'a sign-in ended since would be valid again' },
  { kind: 'SignInLink', pk: 'SIGNIN#', why: 'a used or replaced sign-in link would work again' },
  { kind: 'EmailProof', pk: 'EMAILPROOF#', why: 'a used or replaced e-mail proof link would work again' },
  { kind: 'OAuthState', pk: 'OAUTHSTATE#', why: 'a finished Google sign-in or connection would be open again' },
  { kind: 'Throttle', pk: 'THROTTLE#', why: 'rate-limit counters of a past moment' },
  { kind: 'MailRate', pk: 'MAILRATE#', why: 'mail rate tokens of a past moment' },
];

const EXPIRED = 'past its expiry (expiresAt)';

type Item = Record<string, AttributeValue>;

/** The host a `--prefix` names (`USER#{id}` or `HOST#{id}`), whose whole data is copied; none for another prefix. */
export function hostOfPrefix(prefix: string | undefined): string | undefined {
  return /^(?:USER|HOST)#([^#]+)$/.exec(prefix ?? '')?.[1];
}

/** The kind an item is counted under: its `type`, or its partition key's prefix. */
export function kindOf(item: Item): string {
  return item.type?.S ?? item.pk?.S?.split('#')[0] ?? '?';
}

/** Why an item is never copied, or undefined when it is copied. */
export function whyNotCopied(item: Item, nowSeconds: number): string | undefined {
  const pk = item.pk?.S ?? '';
  const sk = item.sk?.S ?? '';
  const rule = NEVER_COPIED.find(
    (never) => (never.pk && pk.startsWith(never.pk)) || (never.sk && sk.startsWith(never.sk)),
  );
  if (rule) return rule.why;
  const expiresAt = Number(item.expiresAt?.N);
  if (Number.isFinite(expiresAt) && expiresAt <= nowSeconds) return EXPIRED;
  return undefined;
}

/**
 * Whether an item belongs to the host: in the host's partitions (`USER#`, `HOST#`: profile, calendar, plans, keys,
 * webhooks, bookings, holds, day versions), naming the host (`userId`, `hostId`: event types, claims, booking
 * references, calendar feed, API key lookups, the Google work list), the host's membership of a team, or one of the
 * host's event types' partitions (overrides) and slugs.
 */
export function belongsToHost(item: Item, hostId: string, eventIds: ReadonlySet<number>): boolean {
  const pk = item.pk?.S ?? '';
  const sk = item.sk?.S ?? '';
  if (pk === `USER#${hostId}` || pk === `HOST#${hostId}`) return true;
  if (item.userId?.S === hostId || item.hostId?.S === hostId) return true;
  if (item.gsi1pk?.S === `HOST#${hostId}#EVENTS`) return true;
  if (pk.startsWith('TEAM#') && sk === `MEMBER#${hostId}`) return true;
  if (pk.startsWith('EVENT#') && eventIds.has(Number(pk.slice('EVENT#'.length)))) return true;
  if (pk.startsWith('SLUG#') && eventIds.has(Number(item.eventId?.N))) return true;
  return false;
}

export function parseCopyArgs(args: readonly string[]): CopyOptions {
  const options: Partial<CopyOptions> & { overwrite: boolean; dryRun: boolean } = { overwrite: false, dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--from') options.from = optionValue(args, i++);
    else if (arg === '--to') options.to = optionValue(args, i++);
    else if (arg === '--prefix') options.prefix = optionValue(args, i++);
    else if (arg === '--region') options.region = optionValue(args, i++);
    else if (arg === '--endpoint') options.endpoint = optionValue(args, i++);
    else if (arg === '--overwrite') options.overwrite = true;
    else if (arg === '--dry-run') options.dryRun = true;
    else throw new UsageError(`Unknown option "${arg}"`);
  }
  if (!options.from || !options.to) throw new UsageError('--from and --to are both required');
  if (options.from === options.to) throw new UsageError('--from and --to name the same table');
  return options as CopyOptions;
}

/** Every page of a scan of `table`, `each` called with each page's items. */
async function scanAll(
  client: DynamoDBClient,
  input: Omit<ScanCommandInput, 'ExclusiveStartKey'>,
  each: (items: Item[]) => Promise<void>,
): Promise<void> {
  let startKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ ...input, ConsistentRead: true, ExclusiveStartKey: startKey }));
    await each(page.Items ?? []);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** The ids of the host's own event types in `table`. */
async function eventIdsOf(client: DynamoDBClient, table: string, hostId: string): Promise<Set<number>> {
  const ids = new Set<number>();
  await scanAll(
    client,
    {
      TableName: table,
      FilterExpression: '#type = :event AND #userId = :host',
      ProjectionExpression: '#pk',
      ExpressionAttributeNames: { '#type': 'type', '#userId': 'userId', '#pk': tableDefinition.partitionKey },
      ExpressionAttributeValues: { ':event': { S: 'Event' }, ':host': { S: hostId } },
    },
    async (items) => {
      for (const item of items) ids.add(Number(item.pk?.S?.slice('EVENT#'.length)));
    },
  );
  return ids;
}

/** Copies the matching items of `from` into `to`, page by page; `progress` hears about each page. */
export async function copyTable(
  client: DynamoDBClient,
  options: CopyOptions,
  progress: (result: CopyResult) => void = () => {},
): Promise<CopyResult> {
  const { partitionKey } = tableDefinition;
  const result: CopyResult = {
    matched: 0,
    written: 0,
    kept: 0,
    skipped: 0,
    byKind: {},
    skippedFor: {},
    restoreStamp: `${new Date().toISOString()} ${randomUUID()}`,
  };
  const nowSeconds = Math.floor(Date.now() / 1000);
  const hostId = hostOfPrefix(options.prefix);
  const eventIds = hostId ? await eventIdsOf(client, options.from, hostId) : new Set<number>();
  const prefixFilter =
    options.prefix && !hostId
      ? {
          FilterExpression: 'begins_with(#pk, :prefix)',
          ExpressionAttributeNames: { '#pk': partitionKey },
          ExpressionAttributeValues: { ':prefix': { S: options.prefix } },
        }
      : {};
  await scanAll(client, { TableName: options.from, ...prefixFilter }, async (items) => {
    for (const item of items) {
      if (hostId && !belongsToHost(item, hostId, eventIds)) continue;
      const kind = kindOf(item);
      const counts = (result.byKind[kind] ??= { read: 0, written: 0, kept: 0, skipped: 0 });
      result.matched++;
      counts.read++;
      const why = whyNotCopied(item, nowSeconds);
      if (why) {
        result.skipped++;
        counts.skipped++;
        result.skippedFor[why] = (result.skippedFor[why] ?? 0) + 1;
        continue;
      }
      if (options.dryRun) continue;
      try {
        await client.send(
          new PutItemCommand({
            TableName: options.to,
            Item: { ...item, [RESTORE_STAMP]: { S: result.restoreStamp } },
            ...(options.overwrite
              ? {}
              : {
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': partitionKey },
                }),
          }),
        );
        result.written++;
        counts.written++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        result.kept++;
        counts.kept++;
      }
    }
    progress(result);
  });
  return result;
}

/** What a run did, as printed at its end. */
export function copyReport(options: CopyOptions, result: CopyResult): string {
  const lines: string[] = [];
  const kinds = Object.entries(result.byKind).sort(([a], [b]) => a.localeCompare(b));
  if (kinds.length > 0) {
    const width = Math.max(4, ...kinds.map(([kind]) => kind.length));
    const column = (value: number | string) => String(value).padStart(8);
    lines.push(`${'kind'.padEnd(width)}${column('read')}${column('written')}${column('kept')}${column('skipped')}`);
    for (const [kind, counts] of kinds) {
      lines.push(
        `${kind.padEnd(width)}${column(counts.read)}${column(counts.written)}${column(counts.kept)}${column(counts.skipped)}`,
      );
    }
  }
  for (const [why, count] of Object.entries(result.skippedFor)) lines.push(`Never copied: ${count} (${why}).`);
  if (options.dryRun) {
    const copied = result.matched - result.skipped;
    lines.push(
      `${result.matched} items match, ${result.skipped} never copied: ${options.overwrite ? `the other ${copied} would be written` : `those of the other ${copied} that ${options.to} lacks would be written`}. Nothing was written.`,
    );
    return lines.join('\n');
  }
  lines.push(
    `${result.written} items written, ${result.kept} kept (already in ${options.to}${options.overwrite ? '' : '; --overwrite replaces them'}), ${result.skipped} never copied, of ${result.matched} read.`,
    `Silent: every item written carries ${RESTORE_STAMP} "${result.restoreStamp}", and the stream jobs skip those writes,`,
    '  so no e-mail, reminder, webhook or page publish fired. A later change of a restored item is told as usual.',
    '  Upcoming restored bookings get no new reminder timer; reminders already scheduled still fire.',
    'Booking pages were not republished: once the data is right, redeploy the stage (every deploy republishes',
    '  them), or invoke its publishBookingPages function with {"republishAll":true} (docs/operations.md,',
    '  "Republishing the booking pages"); on one machine restart `npm start`.',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseCommandLine(parseCopyArgs, USAGE);
  const client = new DynamoDBClient({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint, credentials: LOCAL_CREDENTIALS } : {}),
  });
  const hostId = hostOfPrefix(options.prefix);
  const what = hostId
    ? `host ${hostId}'s whole data, whatever its partition`
    : options.prefix
      ? `items whose pk starts "${options.prefix}"`
      : 'every item';
  console.log(
    `${options.dryRun ? 'Counting' : 'Copying'} ${options.from} → ${options.to}: ${what}; ${options.overwrite ? 'overwriting items the target has' : 'items the target has are kept'}.`,
  );
  const result = await copyTable(client, options, ({ matched }) => process.stdout.write(`\r${matched} items read`));
  client.destroy();
  console.log(`\n${copyReport(options, result)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
