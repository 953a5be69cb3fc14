import type { WebhookMessageType } from '#shared/api/schemas/integrations';
import type { WebhookDeliveryRecord, WebhookRecord } from '#functions/domain/records';

/** Outgoing webhooks (issue 29): endpoints, their delivery log, queue and sender. */

/**
 * A host's webhook endpoints and their delivery logs (issue 29; adapters/dynamodb/webhooks.ts): items in the host's
 * partition (`WEBHOOK#{id}`, the log `WHLOG#{webhookId}#{deliveryId}`), with a count kept by the same transactions.
 */
export interface WebhookRepository {
  /** The host's endpoints, oldest first. */
  list(hostId: string): Promise<WebhookRecord[]>;
  get(hostId: string, id: string): Promise<WebhookRecord | null>;
  /** Writes a new endpoint if the host has fewer than `max` (one transaction with the count); else nothing. */
  create(record: WebhookRecord, max: number): Promise<'created' | 'tooMany'>;
  /**
   * Changes an endpoint's URL, events or active switch; switching it on clears why it was switched off and since when
   * it fails. Answers it after the change, or null when there is none.
   */
  update(
    hostId: string,
    id: string,
    changes: Partial<Pick<WebhookRecord, 'url' | 'events' | 'active'>>,
  ): Promise<WebhookRecord | null>;
  /** Deletes the endpoint (with the count, one transaction) and then its log; false when there was none. */
  delete(hostId: string, id: string): Promise<boolean>;
  /** A failed attempt at `at`: sets `failingSince` unless set; answers the endpoint after it (null when gone). */
  markFailing(hostId: string, id: string, at: string): Promise<WebhookRecord | null>;
  /** A delivered attempt: clears `failingSince`. */
  markDelivering(hostId: string, id: string): Promise<void>;
  /**
   * Switches the endpoint off with `reason`, only if it is still on; answers whether this call did it (so whoever
   * tells the owner does it once).
   */
  disable(hostId: string, id: string, reason: string): Promise<boolean>;
  /** Adds one attempt to the endpoint's log (kept 30 days). */
  logAttempt(entry: WebhookDeliveryRecord): Promise<void>;
  /** The endpoint's last `limit` attempts, newest first. */
  deliveries(hostId: string, webhookId: string, limit: number): Promise<WebhookDeliveryRecord[]>;
  delivery(hostId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
}

/** One event on its way to one endpoint: what the delivery queue carries (a JSON message body). */
export interface WebhookMessage {
  /** The `webhook-id`: the same for every attempt of the event to the endpoint. */
  id: string;
  hostId: string;
  webhookId: string;
  type: WebhookMessageType;
  /** The payload, exactly as it is signed and sent. */
  body: string;
  /** The attempt this message asks for: 1 for the first. */
  attempt: number;
  /** Not to be attempted before this instant (ISO): the queue may hand it over earlier, and it is then sent on. */
  notBefore: string;
  /** A redelivery the host asked for: one attempt, never retried. */
  manual?: boolean;
}

/**
 * The webhook delivery queue: SQS in the cloud (DelaySeconds at most 15 minutes: a longer wait is made of hops, the
 * job sending an early message on), on one machine items in the table fired by the local runner at their time.
 */
export interface WebhookQueue {
  /** Queues the message for `message.notBefore` (or the nearest the queue can do, never later); `now` is the caller's. */
  send(message: WebhookMessage, now: Date): Promise<void>;
}

/** What a receiver answered to one attempt (or why it could not be asked). Never thrown: a failure is an answer. */
export interface WebhookResponse {
  /** Its HTTP status; null when none came (address refused, timeout, connection failed). */
  status: number | null;
  durationMs: number;
  /** The first 4 KB of its body, or why no answer came. */
  detail: string | null;
}

/**
 * Posts one signed attempt (adapters/webhooks/http-sender.ts): resolves the name at every attempt, refuses every
 * address that is not public (loopback allowed only by the one-machine setting), connects to the address it checked,
 * waits 10 s at most, follows no redirect and reads 4 KB of the answer at most.
 */
export interface WebhookSender {
  post(request: { url: string; headers: Record<string, string>; body: string }): Promise<WebhookResponse>;
}
