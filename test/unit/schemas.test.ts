import { describe, expect, it } from 'vitest';

import { contactSubmitBody } from '#shared/api/schemas/contact';
import { overrideIdParams } from '#shared/api/schemas/host-events';
import { settingsUpdateBody } from '#shared/api/schemas/settings';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'A message of some length.' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('contact schema (the same rules in the form and on the server)', () => {
  it('accepts a valid message and trims it', () => {
    expect(contactSubmitBody.parse({ ...valid, name: '  Ada ' })).toEqual(valid);
  });
  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters.'],
    [{ name: ' A ' }, 'Name must be at least 2 characters.'],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ subject: 'Hi!!' }, 'Subject must be at least 5 characters.'],
    [{ message: 'short' }, 'Message must be at least 10 characters.'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters.'],
    [{ name: 'Ada\rX' }, 'Name must not contain line breaks.'],
    [{ subject: 'Hello\nworld' }, 'Subject must not contain line breaks.'],
    [{ email: 'ada@example.com\n' }, 'Email must not contain line breaks.'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage(contactSubmitBody.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('allows line breaks in the message itself', () => {
    expect(contactSubmitBody.safeParse({ ...valid, message: 'Line one\nLine two' }).success).toBe(true);
  });
});

describe('settings update schema', () => {
  it('accepts each spec option', () => {
    for (const meetingDuration of [15, 30, 45, 60])
      expect(settingsUpdateBody.safeParse({ meetingDuration }).success).toBe(true);
    for (const breakBetweenMeetings of [0, 5, 10, 15, 30])
      expect(settingsUpdateBody.safeParse({ breakBetweenMeetings }).success).toBe(true);
    expect(settingsUpdateBody.safeParse({ adminEmail: '' }).success).toBe(true);
  });
  it('refuses values outside the options', () => {
    expect(settingsUpdateBody.safeParse({ meetingDuration: 0 }).success).toBe(false);
    expect(settingsUpdateBody.safeParse({ breakBetweenMeetings: 45 }).success).toBe(false);
    expect(settingsUpdateBody.safeParse({ availableForBookings: 'yes' }).success).toBe(false);
  });
});

describe('messages a schema does not write itself', () => {
  // zod/mini has no texts of its own; the schema modules load zod's English ones (shared/api/zod-english.ts).
  it("are zod's English texts, as classic zod answered them", () => {
    expect(firstMessage(settingsUpdateBody.safeParse({ availableForBookings: 'yes' }))).toBe(
      'Invalid input: expected boolean, received string',
    );
    expect(firstMessage(overrideIdParams.safeParse({ id: 'x'.repeat(101) }))).toBe(
      'Too big: expected string to have <=100 characters',
    );
  });
});
