/** The Integrations screens' query keys: every write below invalidates the ones it changes. */
export const webhooksKey = ['webhooks'] as const;
export const webhookDeliveriesKey = (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const;
export const apiKeysKey = ['apiKeys'] as const;
