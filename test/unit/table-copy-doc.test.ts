import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { RESTORE_STAMP } from '#shared/jobs';
import { repoRoot } from '#infra/cdk/stack';
import { NEVER_COPIED, parseCopyArgs, USAGE } from '#infra/copy-table';

/**
 * docs/self-hosting.md's "Restoring the table to a point in time" says what `npm run table:copy` does (issue 31,
 * item 6): its real defaults, what `--prefix` copies, and what it means for mail. Kept true against the code.
 */

const doc = readFileSync(`${repoRoot}/docs/self-hosting.md`, 'utf8');
const section = (() => {
  const start = doc.indexOf('### Restoring the table to a point in time');
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n### ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
})();
/** The section as one line of text (its sentences wrap). */
const text = section.replace(/\s+/g, ' ');

describe('docs/self-hosting.md on table:copy', () => {
  it('names every option a restore uses, and --overwrite is off by default as in the code', () => {
    for (const option of ['--from', '--to', '--prefix', '--overwrite', '--dry-run']) {
      expect(USAGE).toContain(option);
      expect(section).toContain(option);
    }
    expect(parseCopyArgs(['--from', 'a', '--to', 'b']).overwrite).toBe(false);
    expect(text).toContain('`--overwrite` is off by default');
    expect(text).not.toMatch(/writes every item of the restored table/);
    expect(text).not.toMatch(/overwrite their newer versions/);
  });

  it("says --prefix USER#… copies the host's whole data, whatever its partition", () => {
    expect(text).toMatch(/`--prefix USER#\w+` \(or `HOST#\w+`\) copies that host's whole data, whatever its partition/);
    for (const part of ['profile', 'calendar', 'event types', 'slugs', 'bookings', 'day versions']) {
      expect(text).toContain(part);
    }
  });

  it('says the copy is silent, by the marker the stream jobs skip, and what it never copies', () => {
    expect(text).toContain(`carries a \`${RESTORE_STAMP}\``);
    expect(text).toContain('no guest or host is mailed again');
    expect(text).toContain('A later real change of a restored item');
    // Each kind the code never copies is named in the doc: a new one needs its words there too.
    const words: Record<string, string> = {
      Timer: "the local runner's timers",
      MailQueue: 'mail and webhook queues',
      WebhookQueue: 'mail and webhook queues',
      Session: 'sessions',
      SignInLink: 'sign-in and e-mail proof links',
      EmailProof: 'sign-in and e-mail proof links',
      OAuthState: 'OAuth states',
      Throttle: 'rate counters',
      MailRate: 'rate counters',
    };
    expect(NEVER_COPIED.map((rule) => rule.kind).sort()).toEqual(Object.keys(words).sort());
    for (const phrase of Object.values(words)) expect(text).toContain(phrase);
    expect(text).toContain('items past their expiry');
    expect(text).toContain('{"republishAll": true}');
  });
});
