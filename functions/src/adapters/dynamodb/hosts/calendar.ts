import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { CONNECTION_FIELDS, REMOVED_FIELDS, type Item } from '#functions/adapters/dynamodb/hosts/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { CalendarConnection } from '#functions/domain/records';
import { WriteConflict } from '#functions/errors';
import type { HostRepository } from '#functions/ports/hosts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A host's calendar: the connection on the CALENDAR item with its lookup items kept in step (the Google work list,
 * the feed's token), its switches, the sync's bookkeeping, and the lookups read.
 */
export type HostCalendars = Pick<
  HostRepository,
  | 'setCalendar'
  | 'markCalendarDisconnected'
  | 'removeCalendar'
  | 'saveCalendarSettings'
  | 'recordSync'
  | 'claimSync'
  | 'listGoogleConnectedHosts'
  | 'findFeedOwner'
>;

const isGoogleConnected = (connection: CalendarConnection | null) =>
  connection?.provider === 'google' && connection.connected;

export function dynamoHostCalendars(db: DynamoDBDocumentClient, tableName: string): HostCalendars {
  /** One transaction; false when a condition failed (or it lost to another), nothing written then. */
  async function transactIf(items: TransactItem[]): Promise<boolean> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') return false;
      throw error;
    }
  }

  /** The lookup items that follow a connection: the Google work list entry and the feed's token item. */
  function lookupChanges(
    hostId: string,
    next: CalendarConnection | null,
    nextFeedHash: string | null,
    previousFeedHash: string | null,
  ): TransactItem[] {
    const changes: TransactItem[] = [];
    changes.push(
      isGoogleConnected(next)
        ? {
            Put: {
              TableName: tableName,
              Item: { ...keys.googleCalendarHost(hostId), type: 'GoogleCalendarHost', userId: hostId },
            },
          }
        : { Delete: { TableName: tableName, Key: keys.googleCalendarHost(hostId) } },
    );
    if (previousFeedHash && previousFeedHash !== nextFeedHash) {
      changes.push({ Delete: { TableName: tableName, Key: keys.calendarFeed(previousFeedHash) } });
    }
    if (nextFeedHash && nextFeedHash !== previousFeedHash) {
      changes.push({
        Put: {
          TableName: tableName,
          Item: { ...keys.calendarFeed(nextFeedHash), type: 'CalendarFeed', userId: hostId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    return changes;
  }

  return {
    async setCalendar(hostId, connection, previous) {
      const feedHash = connection.feedTokenHash ?? null;
      const previousFeedHash = previous?.feedTokenHash ?? null;
      const values: Item = { ...connection };
      const names = Object.fromEntries(CONNECTION_FIELDS.map((field) => [`#${field}`, field]));
      const previousVersion = previous?.version ?? 0;
      const written = await transactIf([
        {
          Update: {
            TableName: tableName,
            Key: keys.userCalendar(hostId),
            UpdateExpression: `SET #type = :type, #version = :next, ${CONNECTION_FIELDS.map((field) => `#${field} = :${field}`).join(', ')}`,
            // Based on the connection as read: none yet (no version), or the same version.
            ConditionExpression: previousVersion
              ? '#version = :previous'
              : 'attribute_not_exists(#version) OR #version = :zero',
            ExpressionAttributeNames: { ...names, '#type': 'type', '#version': 'version' },
            ExpressionAttributeValues: {
              ':type': 'CalendarConnection',
              ':next': previousVersion + 1,
              ...(previousVersion ? { ':previous': previousVersion } : { ':zero': 0 }),
              ...Object.fromEntries(CONNECTION_FIELDS.map((field) => [`:${field}`, values[field] ?? null])),
            },
          },
        },
        ...lookupChanges(hostId, connection, feedHash, previousFeedHash),
      ]);
      if (!written) throw new WriteConflict('The calendar connection changed meanwhile.');
    },

    async markCalendarDisconnected(hostId, sealedRefreshToken) {
      return transactIf([
        {
          Update: {
            TableName: tableName,
            Key: keys.userCalendar(hostId),
            UpdateExpression: 'SET connected = :false, sealedRefreshToken = :null ADD version :one',
            ConditionExpression: 'sealedRefreshToken = :token',
            ExpressionAttributeValues: { ':false': false, ':null': null, ':token': sealedRefreshToken, ':one': 1 },
          },
        },
        { Delete: { TableName: tableName, Key: keys.googleCalendarHost(hostId) } },
      ]);
    },

    async removeCalendar(hostId, previous) {
      const previousFeedHash = previous?.feedTokenHash ?? null;
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: keys.userCalendar(hostId),
                UpdateExpression: `REMOVE ${REMOVED_FIELDS.map((field) => `#${field}`).join(', ')}`,
                ExpressionAttributeNames: Object.fromEntries(REMOVED_FIELDS.map((field) => [`#${field}`, field])),
              },
            },
            ...lookupChanges(hostId, null, null, previousFeedHash),
          ],
        }),
      );
    },

    async saveCalendarSettings(hostId, settings) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.userCalendar(hostId),
          UpdateExpression: 'SET #type = :type, settings = :settings',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'CalendarConnection', ':settings': settings },
        }),
      );
    },

    async recordSync(hostId, at) {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.userCalendar(hostId),
            UpdateExpression: 'SET lastSynced = :at',
            ConditionExpression: 'attribute_exists(provider)',
            ExpressionAttributeValues: { ':at': at },
          }),
        )
        .catch((error: unknown) => {
          // Disconnected meanwhile: nothing to record.
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },

    async claimSync(hostId, at, notBefore) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.userCalendar(hostId),
            UpdateExpression: 'SET syncClaimedAt = :at',
            ConditionExpression:
              'attribute_exists(provider) AND (attribute_not_exists(syncClaimedAt) OR syncClaimedAt < :notBefore)',
            ExpressionAttributeValues: { ':at': at, ':notBefore': notBefore },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async listGoogleConnectedHosts() {
      const ids: string[] = [];
      let startKey: Item | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.googleCalendarHostsPartition },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) ids.push(String(item.userId));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return ids;
    },

    async findFeedOwner(tokenHash) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.calendarFeed(tokenHash).pk, ':sk': 'ICSFEED' },
        }),
      );
      return Items[0] ? String(Items[0].userId) : null;
    },
  };
}
