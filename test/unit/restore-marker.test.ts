import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

import { isRestoreWrite, RESTORE_STAMP } from '#shared/jobs';
import { publishHandler } from '#functions/jobs/publishBookingPages';
import { testContext } from '#test/support/api-event';

/**
 * Issue 31, item 6: `npm run table:copy` stamps what it writes, and the stream jobs skip the records of those very
 * writes (the same handlers run in the cloud and on one machine), not a later change of the same item.
 */

const image = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true }) as never;
const eventItem = (extra: Record<string, unknown> = {}) =>
  image({ pk: 'EVENT#1001', sk: 'EVENT', type: 'Event', id: 1001, slug: 'intro', title: 'Intro', ...extra });
const record = (
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  OldImage: never | undefined,
  NewImage: never | undefined,
): DynamoDBRecord => ({
  eventName,
  dynamodb: { SequenceNumber: '1', ...(OldImage ? { OldImage } : {}), ...(NewImage ? { NewImage } : {}) },
});
const stamped = (stamp: string, extra: Record<string, unknown> = {}) => eventItem({ [RESTORE_STAMP]: stamp, ...extra });

describe('isRestoreWrite', () => {
  it("is a restore's own write when the new image brings a stamp the old one did not have", () => {
    expect(isRestoreWrite(record('INSERT', undefined, stamped('run 1')))).toBe(true);
    // --overwrite over a live item, or over an item an earlier restore wrote.
    expect(isRestoreWrite(record('MODIFY', eventItem(), stamped('run 1')))).toBe(true);
    expect(isRestoreWrite(record('MODIFY', stamped('run 1'), stamped('run 2')))).toBe(true);
  });

  it('is a real change otherwise: a later edit keeps (or drops) the stamp, a removal, an unstamped write', () => {
    expect(isRestoreWrite(record('MODIFY', stamped('run 1'), stamped('run 1', { title: 'Edited' })))).toBe(false);
    expect(isRestoreWrite(record('MODIFY', stamped('run 1'), eventItem({ title: 'Edited' })))).toBe(false);
    expect(isRestoreWrite(record('REMOVE', stamped('run 1'), undefined))).toBe(false);
    expect(isRestoreWrite(record('INSERT', undefined, eventItem()))).toBe(false);
    expect(isRestoreWrite(record('MODIFY', eventItem(), eventItem({ title: 'Edited' })))).toBe(false);
  });
});

describe('publishBookingPages', () => {
  /** The job with dependencies that count every use: a skipped record uses none. */
  const job = () => {
    const used: string[] = [];
    const handler = publishHandler(() => {
      used.push('deps');
      throw new Error('the publisher was asked for');
    });
    return { used, run: (records: DynamoDBRecord[]) => handler({ Records: records }, testContext) };
  };

  it("publishes nothing for a restore's writes", async () => {
    const { used, run } = job();
    const answer = await run([
      record('INSERT', undefined, stamped('run 1')),
      record('MODIFY', eventItem(), stamped('run 2')),
    ]);
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(used).toEqual([]);
  });

  it('publishes a later real change of a restored item', async () => {
    const { used, run } = job();
    // The publisher is asked for (here it fails, so the batch fails and would come again).
    await expect(run([record('MODIFY', stamped('run 1'), stamped('run 1', { title: 'Edited' }))])).rejects.toThrow(
      /All records failed/,
    );
    expect(used).toEqual(['deps']);
  });
});
