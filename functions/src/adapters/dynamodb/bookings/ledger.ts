import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

import {
  dynamoBookingCalendarMark,
  type BookingCalendarMark,
} from '#functions/adapters/dynamodb/bookings/calendar-mark';
import { dynamoBookingCommits, type BookingCommits } from '#functions/adapters/dynamodb/bookings/commit';
import { dynamoBookingLists } from '#functions/adapters/dynamodb/bookings/lists';
import { dynamoBookingReads, type BookingReads } from '#functions/adapters/dynamodb/bookings/reads';
import { dynamoBookingStatus } from '#functions/adapters/dynamodb/bookings/status';
import { dynamoTeamBookingChanges } from '#functions/adapters/dynamodb/bookings/team-changes';
import type { BookingLedger } from '#functions/ports/bookings';

/**
 * The booking ledger on DynamoDB, one job per file: the items every part writes (items.ts), reads by key (reads.ts),
 * the booking's one transaction (commit.ts), status changes (status.ts), a team booking's hosts changing
 * (team-changes.ts), the lists (lists.ts), the calendar mark (calendar-mark.ts), and a stream image (image.ts).
 */
export function dynamoBookingLedger(db: DynamoDBDocumentClient, tableName: string): BookingLedger {
  return {
    ...dynamoBookingReads(db, tableName),
    ...dynamoBookingCommits(db, tableName),
    ...dynamoBookingStatus(db, tableName),
    ...dynamoTeamBookingChanges(db, tableName),
    ...dynamoBookingLists(db, tableName),
    ...dynamoBookingCalendarMark(db, tableName),
  };
}

/** What the booking write uses of the ledger: its reads, its transaction and the calendar mark. */
export type BookingWrites = BookingReads & BookingCommits & BookingCalendarMark;

/** The booking write's part of the ledger alone: its function then carries none of the lists' or changes' code. */
export function dynamoBookingWrites(db: DynamoDBDocumentClient, tableName: string): BookingWrites {
  return {
    ...dynamoBookingReads(db, tableName),
    ...dynamoBookingCommits(db, tableName),
    ...dynamoBookingCalendarMark(db, tableName),
  };
}
