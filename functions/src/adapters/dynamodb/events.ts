import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

import { keys } from '#functions/adapters/dynamodb/keys';
import type { DateOverrideRecord, EventRecord } from '#functions/domain/records';
import type { EventRepository } from '#functions/ports/events';

const FIRST_EVENT_ID = 1000;

function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _type, ...rest } = item;
  return rest as T;
}

/** Where an event type is listed: its team's index for a team event type, else its host's. */
const listingIndex = (event: Pick<EventRecord, 'id' | 'userId' | 'teamId'>) =>
  event.teamId ? keys.teamEventIndex(event.teamId, event.id) : keys.eventIndex(event.userId, event.id);

export function dynamoEvents(db: DynamoDBDocumentClient, tableName: string): EventRepository {
  /** The event types under one gsi1 partition (a host's or a team's), oldest first. */
  async function listIndex(gsi1pk: string): Promise<EventRecord[]> {
    const events: EventRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': gsi1pk },
          ExclusiveStartKey: startKey,
        }),
      );
      events.push(...(page.Items ?? []).map((item) => stripKeys<EventRecord>(item)));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return events;
  }

  return {
    async findById(id) {
      const items: Record<string, unknown>[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.eventPartition(id) },
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      const eventItem = items.find((item) => item.sk === 'EVENT');
      if (!eventItem) return null;
      return {
        event: stripKeys<EventRecord>(eventItem),
        overrides: items
          .filter((item) => item.type === 'DateOverride')
          .map((item) => stripKeys<DateOverrideRecord>(item)),
      };
    },

    async findIdBySlug(slug) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.slug(slug) }));
      return typeof Item?.eventId === 'number' ? Item.eventId : null;
    },

    listByHost: (userId) => listIndex(keys.eventIndex(userId, 0).gsi1pk),

    listByTeam: (teamId) => listIndex(keys.teamEventIndex(teamId, 0).gsi1pk),

    async forEachSlug(onPage) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new ScanCommand({
            TableName: tableName,
            // Teams' pages are published too (issue 28): the same Scan lists their slugs.
            FilterExpression: '#type IN (:event, :team)',
            ExpressionAttributeNames: { '#type': 'type', '#slug': 'slug' },
            ExpressionAttributeValues: { ':event': 'Event', ':team': 'Team' },
            ProjectionExpression: '#slug, #type',
            ExclusiveStartKey: startKey,
          }),
        );
        const slugsOf = (type: string) =>
          (page.Items ?? [])
            .filter((item) => item.type === type && typeof item.slug === 'string')
            .map((item) => item.slug as string);
        const slugs = slugsOf('Event');
        const teamSlugs = slugsOf('Team');
        if (slugs.length > 0 || teamSlugs.length > 0) await onPage(slugs, teamSlugs);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    },

    async update(event, previousSlug) {
      const eventPut = {
        Put: {
          TableName: tableName,
          Item: { ...keys.event(event.id), ...listingIndex(event), type: 'Event', ...event },
          // The event must still exist with the slug read before: a concurrent rename or deletion fails this one.
          ConditionExpression: 'attribute_exists(pk) AND slug = :previous',
          ExpressionAttributeValues: { ':previous': previousSlug },
        },
      };
      const slugMove =
        event.slug === previousSlug
          ? []
          : [
              { Delete: { TableName: tableName, Key: keys.slug(previousSlug) } },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.slug(event.slug), type: 'Slug', eventId: event.id },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ];
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [eventPut, ...slugMove] }));
        return event;
      } catch (error) {
        if (error instanceof TransactionCanceledException) return null;
        throw error;
      }
    },

    async delete(event) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.eventPartition(event.id) },
          ProjectionExpression: 'pk, sk',
        }),
      );
      // Overrides first, then the event with its slug claim together (a rerun finishes an interrupted deletion).
      for (const item of Items.filter((candidate) => candidate.sk !== 'EVENT')) {
        await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
      }
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: keys.event(event.id) } },
            {
              Delete: {
                TableName: tableName,
                Key: keys.slug(event.slug),
                ConditionExpression: 'attribute_not_exists(pk) OR eventId = :id',
                ExpressionAttributeValues: { ':id': event.id },
              },
            },
          ],
        }),
      );
    },

    async deleteOverride(eventId, date, id) {
      const { Attributes } = await db.send(
        new DeleteCommand({ TableName: tableName, Key: keys.dateOverride(eventId, date, id), ReturnValues: 'ALL_OLD' }),
      );
      return Attributes !== undefined;
    },

    async saveOverride(override) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.dateOverride(override.eventId, override.date, override.id),
            type: 'DateOverride',
            ...override,
          },
        }),
      );
    },

    async create(event, id) {
      const eventId =
        id ??
        FIRST_EVENT_ID +
          Number(
            (
              await db.send(
                new UpdateCommand({
                  TableName: tableName,
                  Key: keys.eventIdCounter(),
                  UpdateExpression: 'ADD #value :one',
                  ExpressionAttributeNames: { '#value': 'value' },
                  ExpressionAttributeValues: { ':one': 1 },
                  ReturnValues: 'UPDATED_NEW',
                }),
              )
            ).Attributes?.value,
          );
      const record: EventRecord = { ...event, id: eventId };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.slug(event.slug), type: 'Slug', eventId },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.event(eventId), ...listingIndex(record), type: 'Event', ...record },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
      } catch (error) {
        if (error instanceof TransactionCanceledException) return null;
        throw error;
      }
      return record;
    },
  };
}
