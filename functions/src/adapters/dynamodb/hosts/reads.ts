import {
  BatchGetCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

import { toPlan } from '#functions/adapters/dynamodb/billing/billing-items';
import { hostOf, hostsFromItems, type Item } from '#functions/adapters/dynamodb/hosts/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import type { HostRepository } from '#functions/ports/hosts';

/** Hosts read: one with its plans (a Query), several (BatchGetItem of their PROFILE and CALENDAR items), names. */
export type HostReads = Pick<HostRepository, 'get' | 'getMany' | 'namesOf'>;

export function dynamoHostReads(db: DynamoDBDocumentClient, tableName: string): HostReads {
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
      return { ...hostOf(profile, calendar), plans };
    },
  };
}
