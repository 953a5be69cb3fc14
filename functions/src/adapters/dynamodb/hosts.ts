import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CalendarConnection, HostRepository, SubscriptionRecord } from '#functions/ports';
import { keys } from './keys.ts';

export function dynamoHosts(db: DynamoDBDocumentClient, tableName: string): HostRepository {
  return {
    async get(hostId) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          // CALENDAR, PLAN and PROFILE sort next to each other; the sessions (SESSION#…) after them are not read.
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :calendar AND :profile',
          ExpressionAttributeValues: { ':pk': keys.userPartition(hostId), ':calendar': 'CALENDAR', ':profile': 'PROFILE' },
        }),
      );
      const profile = Items.find((item) => item.sk === 'PROFILE');
      if (!profile) return null;
      const calendar = Items.find((item) => item.sk === 'CALENDAR');
      const plan = Items.find((item) => item.sk === 'PLAN');
      return {
        id: String(profile.id),
        name: String(profile.name),
        email: String(profile.email),
        username: String(profile.username),
        photoUrl: (profile.photoUrl as string | null) ?? null,
        createdAt: String(profile.createdAt),
        calendar: calendar
          ? {
              provider: calendar.provider as CalendarConnection['provider'],
              connected: calendar.connected === true,
              email: (calendar.email as string | null) ?? null,
              lastSynced: (calendar.lastSynced as string | null) ?? null,
            }
          : null,
        plan: plan
          ? {
              id: (plan.id as string | null) ?? null,
              status: String(plan.status),
              planType: (plan.planType as SubscriptionRecord['planType']) ?? null,
              nextBillingDate: (plan.nextBillingDate as string | null) ?? null,
            }
          : null,
      };
    },

    async setPlan(hostId, plan) {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.userPlan(hostId), type: 'Subscription', ...plan } }));
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

    async setCalendar(hostId, connection) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { ...keys.userCalendar(hostId), type: 'CalendarConnection', ...connection } }),
      );
    },
  };
}
