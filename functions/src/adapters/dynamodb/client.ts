import { DynamoDBClient, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { LOCAL_CREDENTIALS, type Config } from '#functions/config';

/** The commands that can report the capacity they consumed (`ReturnConsumedCapacity`). */
const CAPACITY_COMMANDS = new Set(
  [
    'GetItem',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'Query',
    'Scan',
    'BatchGetItem',
    'BatchWriteItem',
    'TransactGetItems',
    'TransactWriteItems',
  ].map((name) => `${name}Command`),
);

/**
 * A DynamoDB client for the configured endpoint. `onRequest` is told the name of every command sent (retries not
 * counted): tests and the bench use it to hold each route to its request budget (test/bench/dynamo-requests.ts).
 * `onCapacity` (tests and the cost model, docs/scale.md): every command that can is sent with
 * `ReturnConsumedCapacity: 'TOTAL'` (table and indexes), and the capacity units it consumed are reported with its
 * input once it succeeded (a refused conditional write reports none).
 */
export function createDynamoClient(
  config: Pick<Config, 'region' | 'dynamoEndpoint'>,
  onRequest?: (commandName: string) => void,
  onCapacity?: (commandName: string, capacityUnits: number, input: unknown) => void,
): DynamoDBClient {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint, credentials: LOCAL_CREDENTIALS } : {}),
    maxAttempts: 3,
  });
  // The SDK's logger middleware passes every answer through its sensitive-data filter for a logger we never give
  // (its default one logs nothing): on a page of the bookings list it was our process's costliest step.
  client.middlewareStack.remove('loggerMiddleware');
  if (onRequest) {
    client.middlewareStack.add(
      (next, context) => (args) => {
        onRequest(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'countRequests' },
    );
  }
  if (onCapacity) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName);
        if (!CAPACITY_COMMANDS.has(name)) return next(args);
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] })
          .ConsumedCapacity;
        const units = [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
        onCapacity(name, units, args.input);
        return result;
      },
      { step: 'initialize', name: 'reportCapacity' },
    );
  }
  return client;
}

export function createDocumentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

/**
 * Makes every GetItem and table Query of `client` strongly consistent (an index cannot be read so): for a reader
 * that must never see a state older than the change it was told of (the booking page publisher). Its own client,
 * so the request handlers keep their cheaper reads.
 */
export function withConsistentReads(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const input = args.input as { IndexName?: unknown; ConsistentRead?: boolean };
      if (/^(Get|GetItem|Query)Command$/.test(String(context.commandName)) && input.IndexName === undefined) {
        input.ConsistentRead = true;
      }
      return next(args);
    },
    { step: 'initialize', name: 'consistentReads' },
  );
  return client;
}
