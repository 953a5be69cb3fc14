import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { hostsFromItems, type Item } from '#functions/adapters/dynamodb/hosts/items';
import { keys } from '#functions/adapters/dynamodb/keys';
import { settingsFromItem } from '#functions/adapters/dynamodb/settings';
import type { PoolCount } from '#functions/domain/team-assignment';
import type { HostRepository } from '#functions/ports/hosts';

/** What a team event's availability and booking read besides the event, in one BatchGetItem (see the port). */
export type HostTeamContext = Pick<HostRepository, 'teamContext'>;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < list.length; index += size) out.push(list.slice(index, index + size));
  return out;
}

export function dynamoHostTeamContext(db: DynamoDBDocumentClient, tableName: string): HostTeamContext {
  return {
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
  };
}
