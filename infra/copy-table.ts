import { pathToFileURL } from 'node:url';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';

import { LOCAL_CREDENTIALS } from '#functions/adapters/dynamodb/client';
import { optionValue, parseCommandLine, UsageError } from '#infra/cli-args';
import { tableDefinition } from '#infra/table-definition';

/**
 * `npm run table:copy -- --from RESTORED --to LIVE`: copies items from one table to another, for bringing data back
 * from a point-in-time restore (a restore always makes a new table; docs/self-hosting.md). By default only items the
 * target lacks are written (a condition on the key), so nothing newer in the live table is overwritten; `--overwrite`
 * writes every item. `--prefix` limits the copy to partition keys starting so (one host's data, one booking).
 * `--dry-run` only counts. The items are copied as stored (raw attribute values), one conditional put each.
 */

export const USAGE = `Usage: npm run table:copy -- --from TABLE --to TABLE [options]

  --from TABLE       the table to read (for example the one a point-in-time restore made)
  --to TABLE         the table to write (the stage's live table: the TableName output)
  --prefix TEXT      only items whose partition key (pk) starts with TEXT
  --overwrite        also replace items the target already has (default: only add missing ones)
  --dry-run          count what would be copied, write nothing
  --region NAME      AWS region (default: the AWS configuration's)
  --endpoint URL     another DynamoDB endpoint (DynamoDB Local)`;

export interface CopyOptions {
  from: string;
  to: string;
  prefix?: string;
  overwrite: boolean;
  dryRun: boolean;
  region?: string;
  endpoint?: string;
}

export interface CopyResult {
  /** Items read that match the prefix. */
  matched: number;
  /** Items written (or, in a dry run, that would be considered for writing). */
  written: number;
  /** Items left alone because the target has them already (without --overwrite). */
  kept: number;
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

/** Copies the matching items of `from` into `to`, page by page; `progress` hears about each page. */
export async function copyTable(
  client: DynamoDBClient,
  options: CopyOptions,
  progress: (result: CopyResult) => void = () => {},
): Promise<CopyResult> {
  const { partitionKey } = tableDefinition;
  const result: CopyResult = { matched: 0, written: 0, kept: 0 };
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: options.from,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
        ...(options.prefix
          ? {
              FilterExpression: 'begins_with(#pk, :prefix)',
              ExpressionAttributeNames: { '#pk': partitionKey },
              ExpressionAttributeValues: { ':prefix': { S: options.prefix } },
            }
          : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      result.matched++;
      if (options.dryRun) continue;
      try {
        await client.send(
          new PutItemCommand({
            TableName: options.to,
            Item: item,
            ...(options.overwrite
              ? {}
              : {
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': partitionKey },
                }),
          }),
        );
        result.written++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        result.kept++;
      }
    }
    progress(result);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return result;
}

async function main(): Promise<void> {
  const options = parseCommandLine(parseCopyArgs, USAGE);
  const client = new DynamoDBClient({
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint, credentials: LOCAL_CREDENTIALS } : {}),
  });
  const what = `${options.from} → ${options.to}${options.prefix ? ` (pk starting "${options.prefix}")` : ''}`;
  console.log(`${options.dryRun ? 'Counting' : 'Copying'} ${what}${options.overwrite ? ', overwriting' : ''}`);
  const result = await copyTable(client, options, ({ matched }) => process.stdout.write(`\r${matched} items read`));
  client.destroy();
  console.log(
    options.dryRun
      ? `\n${result.matched} items match: ${options.overwrite ? 'each' : `those ${options.to} lacks`} would be written.`
      : `\n${result.written} items written, ${result.kept} kept (already in ${options.to}), of ${result.matched} read.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
