import type { createDocumentClient } from '#functions/adapters/dynamodb/client';
import { tableWebhookQueue } from '#functions/adapters/dynamodb/webhook-queue';
import { httpWebhookSender } from '#functions/adapters/webhooks/http-sender';
import { sqsClient, sqsWebhookQueue } from '#functions/adapters/webhooks/sqs-queue';
import { apiKeyRepository, config, documentClient, once } from '#functions/composition/core';
import { accountRepository, webhookRepository } from '#functions/composition/repositories';
import type { Config } from '#functions/config';

/** Integrations (issue 29): hosts' API keys and webhooks. */

/** What the API key routes need: the caller's account and the keys. */
export const apiKeyDeps = /* @__PURE__ */ once(() => ({ accounts: accountRepository(), apiKeys: apiKeyRepository() }));

/** What the webhook routes need: the caller's account and the endpoints. */
export const webhookDeps = /* @__PURE__ */ once(() => ({
  accounts: accountRepository(),
  webhooks: webhookRepository(),
}));

/** The webhook delivery queue: SQS in the cloud (WEBHOOK_QUEUE_URL), items in the table on one machine. */
export const webhookQueueFor = (configuration: Config, db: ReturnType<typeof createDocumentClient>) =>
  configuration.webhooks.queueUrl
    ? sqsWebhookQueue(configuration.webhooks.queueUrl, sqsClient(configuration.region))
    : tableWebhookQueue(db, configuration.tableName);

export const webhookQueue = /* @__PURE__ */ once(() => webhookQueueFor(config(), documentClient()));

/** Posts webhook attempts behind the address guard; local addresses only with the one-machine setting. */
export const webhookSender = /* @__PURE__ */ once(() =>
  httpWebhookSender({ allowLocal: config().webhooks.allowLocal }),
);
