import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { DEFAULT_CALENDAR_SETTINGS } from '#shared/constants';
import { planItem, toPlan } from '#functions/adapters/dynamodb/billing/billing-items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { settingsFromItem } from '#functions/adapters/dynamodb/settings';
import type { CalendarConnection, CalendarSettings, HostRecord } from '#functions/domain/records';
import type { PoolCount } from '#functions/domain/team-assignment';
import { WriteConflict } from '#functions/errors';
import type { HostRepository } from '#functions/ports/hosts';

type Item = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The connection's own attributes on the CALENDAR item (the switches live there too, under `settings`). */
/** The first calendar connection of a new account, as a Put for the account's creating transaction (version 1). */
export function newCalendarItem(hostId: string, connection: CalendarConnection): Item {
  const fields = Object.fromEntries(CONNECTION_FIELDS.map((field) => [field, connection[field] ?? null]));
  return { ...keys.userCalendar(hostId), type: 'CalendarConnection', version: 1, ...fields };
}

const CONNECTION_FIELDS = [
  'provider',
  'connected',
  'email',
  'lastSynced',
  'sealedRefreshToken',
  'calendarId',
  'sealedFeedToken',
  'feedTokenHash',
] as const;
/** REMOVE also drops the version: the next connection starts again from none. */
const REMOVED_FIELDS = [...CONNECTION_FIELDS, 'version'] as const;

function toConnection(item: Item): CalendarConnection | null {
  if (typeof item.provider !== 'string') return null;
  return {
    provider: item.provider as CalendarConnection['provider'],
    connected: item.connected === true,
    email: (item.email as string | null) ?? null,
    lastSynced: (item.lastSynced as string | null) ?? null,
    sealedRefreshToken: (item.sealedRefreshToken as string | null) ?? null,
    calendarId: (item.calendarId as string | null) ?? null,
    sealedFeedToken: (item.sealedFeedToken as string | null) ?? null,
    feedTokenHash: (item.feedTokenHash as string | null) ?? null,
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

function toSettings(item: Item | undefined): CalendarSettings {
  const saved = (item?.settings ?? {}) as Partial<CalendarSettings>;
  return { ...DEFAULT_CALENDAR_SETTINGS, ...saved };
}

/** Hosts (no plans) from their PROFILE and CALENDAR items, in any order; a CALENDAR without PROFILE is left out. */
export function hostsFromItems(items: readonly Item[]): Map<string, HostRecord> {
  const calendars = new Map<string, Item>();
  for (const item of items) if (item.sk === 'CALENDAR') calendars.set(String(item.pk), item);
  const hosts = new Map<string, HostRecord>();
  for (const profile of items) {
    if (profile.sk !== 'PROFILE') continue;
    const calendar = calendars.get(String(profile.pk));
    hosts.set(String(profile.id), {
      id: String(profile.id),
      name: String(profile.name),
      email: String(profile.email),
      username: String(profile.username),
      photoUrl: (profile.photoUrl as string | null) ?? null,
      createdAt: String(profile.createdAt),
      calendar: calendar ? toConnection(calendar) : null,
      calendarSettings: toSettings(calendar),
    });
  }
  return hosts;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < list.length; index += size) out.push(list.slice(index, index + size));
  return out;
}

const isGoogleConnected = (connection: CalendarConnection | null) =>
  connection?.provider === 'google' && connection.connected;

export function dynamoHosts(db: DynamoDBDocumentClient, tableName: string): HostRepository {
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
    async getMany(hostIds) {
      const ids = [...new Set(hostIds)];
      const items: Item[] = [];
      // 50 hosts (100 keys: PROFILE and CALENDAR) per BatchGetItem; unprocessed keys are asked again.
      for (let index = 0; index < ids.length; index += 50) {
        let keysLeft: Record<string, unknown>[] | undefined = ids
          .slice(index, index + 50)
          .flatMap((id) => [keys.userProfile(id), keys.userCalendar(id)]);
        for (let attempt = 0; keysLeft?.length && attempt < 8; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
          const answer: BatchGetCommandOutput = await db.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keysLeft } } }),
          );
          items.push(...(answer.Responses?.[tableName] ?? []));
          keysLeft = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
        if (keysLeft?.length) throw new Error('BatchGetItem left keys unprocessed');
      }
      return hostsFromItems(items);
    },

    async teamContext({ teamId, hostIds, counters, idempotencyKey, consistent }) {
      const ids = [...new Set(hostIds)];
      const wanted: Item[] = [
        keys.settings(),
        keys.team(teamId),
        ...ids.flatMap((id) => [keys.userProfile(id), keys.userCalendar(id)]),
        ...(counters ? counters.userIds.map((id) => keys.roundRobinCount(counters.eventId, counters.month, id)) : []),
        ...(idempotencyKey ? [keys.idempotency(idempotencyKey)] : []),
      ];
      const items: Item[] = [];
      // At most 100 keys per BatchGetItem: a team of up to 48 hosts reads in one request.
      await Promise.all(
        chunks(wanted, 100).map(async (chunk) => {
          let keysLeft: Item[] | undefined = chunk;
          for (let attempt = 0; keysLeft?.length && attempt < 8; attempt++) {
            if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
            const answer: BatchGetCommandOutput = await db.send(
              new BatchGetCommand({
                RequestItems: { [tableName]: { Keys: keysLeft, ConsistentRead: consistent === true } },
              }),
            );
            items.push(...(answer.Responses?.[tableName] ?? []));
            keysLeft = answer.UnprocessedKeys?.[tableName]?.Keys;
          }
          if (keysLeft?.length) throw new Error('BatchGetItem left keys unprocessed');
        }),
      );
      const settingsItem = items.find((item) => item.pk === 'SETTINGS');
      const teamItem = items.find((item) => item.pk === keys.team(teamId).pk && item.sk === 'TEAM');
      const counts = new Map<string, PoolCount>();
      for (const item of items) {
        if (!String(item.pk).startsWith('RRCOUNT#')) continue;
        counts.set(String(item.sk).slice('MEMBER#'.length), {
          count: Math.max(0, Number(item.count ?? 0)),
          lastBookedAt: typeof item.lastBookedAt === 'string' ? item.lastBookedAt : null,
        });
      }
      const stored = idempotencyKey ? items.find((item) => item.pk === keys.idempotency(idempotencyKey).pk) : undefined;
      return {
        settings: settingsItem ? settingsFromItem(settingsItem) : null,
        team: teamItem
          ? {
              id: String(teamItem.id),
              name: String(teamItem.name),
              slug: String(teamItem.slug),
              logoUrl: typeof teamItem.logoUrl === 'string' ? teamItem.logoUrl : null,
              createdAt: String(teamItem.createdAt),
              createdBy: String(teamItem.createdBy),
            }
          : null,
        hosts: hostsFromItems(items.filter((item) => String(item.pk).startsWith('USER#'))),
        counts,
        idempotency: stored
          ? {
              key: idempotencyKey!,
              requestHash: String(stored.requestHash),
              statusCode: Number(stored.statusCode),
              response: stored.response,
            }
          : null,
      };
    },

    async namesOf(hostIds) {
      const names = new Map<string, string>();
      const ids = [...new Set(hostIds)];
      for (let index = 0; index < ids.length; index += 100) {
        let keysLeft: Record<string, unknown>[] | undefined = ids
          .slice(index, index + 100)
          .map((id) => keys.userProfile(id));
        for (let attempt = 0; keysLeft?.length && attempt < 5; attempt++) {
          const answer: BatchGetCommandOutput = await db.send(
            new BatchGetCommand({
              RequestItems: {
                [tableName]: {
                  Keys: keysLeft,
                  ProjectionExpression: 'id, #name',
                  ExpressionAttributeNames: { '#name': 'name' },
                },
              },
            }),
          );
          for (const item of answer.Responses?.[tableName] ?? []) names.set(String(item.id), String(item.name));
          keysLeft = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return names;
    },

    async get(hostId) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          // CALENDAR, the plans (PLAN#…) and PROFILE sort next to each other; the sessions (SESSION#…) after them are
          // not read, nor the payments (BILLPAY#…) before them.
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :calendar AND :profile',
          ExpressionAttributeValues: {
            ':pk': keys.userPartition(hostId),
            ':calendar': 'CALENDAR',
            ':profile': 'PROFILE',
          },
        }),
      );
      const profile = Items.find((item) => item.sk === 'PROFILE');
      if (!profile) return null;
      const calendar = Items.find((item) => item.sk === 'CALENDAR');
      const plans = Items.filter((item) => String(item.sk).startsWith(keys.planPrefix)).map(toPlan);
      return {
        id: String(profile.id),
        name: String(profile.name),
        email: String(profile.email),
        username: String(profile.username),
        photoUrl: (profile.photoUrl as string | null) ?? null,
        createdAt: String(profile.createdAt),
        calendar: calendar ? toConnection(calendar) : null,
        calendarSettings: toSettings(calendar),
        plans,
      };
    },

    async setPlan(hostId, plan) {
      await db.send(new PutCommand({ TableName: tableName, Item: planItem(keys.userPartition(hostId), plan) }));
    },

    async createIfAbsent(host) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.userProfile(host.id), type: 'User', ...host },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

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
