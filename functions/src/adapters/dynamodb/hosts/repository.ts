import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import { dynamoHostCalendars } from '#functions/adapters/dynamodb/hosts/calendar';
import { dynamoHostProfileWrites } from '#functions/adapters/dynamodb/hosts/profile';
import { dynamoHostReads } from '#functions/adapters/dynamodb/hosts/reads';
import { dynamoHostTeamContext } from '#functions/adapters/dynamodb/hosts/team-context';
import type { HostRepository } from '#functions/ports/hosts';

/**
 * The hosts on DynamoDB, one job per file: how a host is stored (items.ts), the reads (reads.ts), a team event's one
 * read (team-context.ts), the profile and plan writes (profile.ts), and the calendar connection with its lookups
 * (calendar.ts).
 */
export function dynamoHosts(db: DynamoDBDocumentClient, tableName: string): HostRepository {
  return {
    ...dynamoHostReads(db, tableName),
    ...dynamoHostTeamContext(db, tableName),
    ...dynamoHostProfileWrites(db, tableName),
    ...dynamoHostCalendars(db, tableName),
  };
}
