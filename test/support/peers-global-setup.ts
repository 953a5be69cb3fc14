import type { TestProject } from 'vitest/node';

import { createDynamoClient } from '#functions/adapters/dynamodb/client';
import { setEnvironment } from '#functions/config';
import { startPeers } from '#infra/local/peers';
import { ensureTable } from '#infra/local/table';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sesEndpoint: string;
    tableName: string;
  }
}

/** Starts DynamoDB Local (in memory) and the SES emulator once per test run, on free ports; stops them after. */
export default async function setup(project: TestProject) {
  setEnvironment({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  const peers = await startPeers();
  const tableName = 'meetwise-test';
  const client = createDynamoClient({ region: 'us-east-1', dynamoEndpoint: peers.dynamoEndpoint });
  await ensureTable(client, tableName);
  client.destroy();
  project.provide('dynamoEndpoint', peers.dynamoEndpoint);
  project.provide('sesEndpoint', peers.sesEndpoint);
  project.provide('tableName', tableName);
  return () => peers.stop();
}
