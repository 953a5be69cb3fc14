import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';

import { routeTable } from '#shared/api/routes';
import { queueJobs, streamJobTable, timerJobTable } from '#shared/jobs';
import { DEFAULT_METRICS_NAMESPACE } from '#functions/config';
import { ABUSE_LIMITS, type RateRule } from '#functions/domain/abuse-limits';
import { API_KEY_RATE_LIMIT } from '#functions/domain/api-keys';
import { RESERVED_CONCURRENCY } from '#infra/cdk/api';
import { metricsNamespaceOf, stageStackName } from '#infra/cdk/stage';
import { DEMO_ADMIN, DEMO_HOST } from '#infra/local/seed';
import { contentSecurityPolicy } from '#infra/security-headers';
import { formatIdleTable, idleMonthlyCost } from '#test/bench/idle-cost';

/**
 * The operator's docs say what the code does (issue 31, item 9): each claim below is read from the docs and compared
 * with the code it describes, so a change to either without the other fails here (as test/unit/api-doc.test.ts keeps
 * docs/api.md true).
 */

const root = new URL('../../', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const readme = read('README.md');
const security = read('docs/security.md');
const selfHosting = read('docs/self-hosting.md');
const operations = read('docs/operations.md');
const architecture = read('docs/architecture.md');
const scale = read('docs/scale.md');

/** A `## heading` section of a Markdown file, up to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.replace(/^#+\s*/, '') === heading && /^#+\s/.test(line));
  expect(start, `no section "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, i) => i > start && /^#+\s/.test(line) && /^#+/.exec(line)![0].length <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The paragraph or list item of a Markdown text that starts with `opening` (to the next blank line or item). */
function paragraph(markdown: string, opening: string): string {
  const at = markdown.indexOf(opening);
  expect(at, `no paragraph starting "${opening}"`).toBeGreaterThanOrEqual(0);
  const rest = markdown.slice(at + opening.length);
  const end = rest.search(/\n\s*\n|\n- /);
  return opening + (end < 0 ? rest : rest.slice(0, end));
}

/** Markdown text as one line (wrapped lines joined), so a phrase may cross a line break. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the Content-Security-Policy', () => {
  it('is written out in docs/security.md exactly as the pages are served, Stripe included', () => {
    const csp = section(security, 'What a page may load');
    expect(csp).toContain(contentSecurityPolicy({ scriptHashes: ["'sha256-…'"] }));
    expect(csp).toContain(contentSecurityPolicy({ scriptHashes: ["'sha256-…'"], frameAncestors: '*' }));
    for (const source of ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com']) {
      expect(csp).toContain(source);
    }
    expect(flat(csp)).not.toMatch(/calls to the site only|scripts from the site only/);
  });
});

describe('the metrics namespace', () => {
  it("is the stage's stack name in the cloud and Meetwise on one machine, as docs/operations.md says", () => {
    const stack = new Stack(new App(), stageStackName('prod'));
    expect(metricsNamespaceOf(stack)).toBe('Meetwise-prod');
    expect(DEFAULT_METRICS_NAMESPACE).toBe('Meetwise');
    const metrics = flat(section(operations, 'Metrics'));
    expect(metrics).toContain('namespace `Meetwise-{stage}`');
    expect(metrics).toContain(`\`${DEFAULT_METRICS_NAMESPACE}\` on one machine`);
    expect(metrics).not.toMatch(/namespace `Meetwise`,/);
  });
});

describe('the abuse limits table of docs/security.md', () => {
  /** Each rule's row, by its first cell: a new rule fails here until it has a row. */
  const rows: Record<keyof typeof ABUSE_LIMITS, string> = {
    bookingsPerAddress: 'bookings from one address',
    bookingsPerAddressAndHost: 'bookings from one address with one host',
    registrationsPerAddress: 'new accounts from one address',
    contactMessagesPerAddress: 'contact messages from one address',
    signInLinksPerAddress: 'sign-in links from one address',
    signInLinksPerAddressAndEmail: 'sign-in links for one e-mail from one address',
    signInLinksPerEmail: 'sign-in links for one e-mail from anywhere',
    confirmationMailsPerAccount: 'confirmation mails of one account (verification, a new address)',
    confirmationMailsPerAddress: 'confirmation mails from one address',
    paymentStartsPerAddress: 'payments started from one address (payment forms, Checkout sessions)',
    invitationsPerAccount: 'team invitations from one account',
    invitationsPerEmail: 'team invitations to one e-mail, from any team (sending again too)',
    paymentChecksPerAddress: 'payment checks from one address (the return from paying)',
  };
  const window = (rule: RateRule) =>
    rule.windowMs === 3_600_000
      ? `${rule.limit} per hour`
      : rule.windowMs === 86_400_000
        ? `${rule.limit} per day`
        : `${rule.limit} in ${rule.windowMs / 60_000} minutes`;
  const table = new Map(
    section(security, 'Abuse limits')
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map((cells) => [cells[1]!, cells[2]!] as const),
  );

  it('has a row for every rule the code counts, with its number and window', () => {
    for (const [key, rule] of Object.entries(ABUSE_LIMITS) as [keyof typeof ABUSE_LIMITS, RateRule][]) {
      expect(rows[key], `docs-accuracy.test.ts: name the row of ${key}`).toBeDefined();
      expect(table.get(rows[key]), `docs/security.md: the row "${rows[key]}"`).toBe(window(rule));
    }
    expect(table.get('calls with one API key (any route it may call)')).toBe(`${API_KEY_RATE_LIMIT.limit} per minute`);
  });
});

describe("Stripe's webhook events", () => {
  /** The event types the adapter reads (the cases of `readEvent`); every other type is ignored. */
  const source = read('functions/src/adapters/stripe/stripe-events.ts');
  const readEvent = source.slice(source.indexOf('async function readEvent'));
  const handled = [...readEvent.slice(0, readEvent.indexOf('default:')).matchAll(/case '([a-z_.]+)':/g)].map(
    (match) => match[1]!,
  );

  it('docs/self-hosting.md lists every event the code handles, and no other', () => {
    expect(handled.length).toBeGreaterThan(10);
    const billing = section(selfHosting, 'Billing');
    const listed = new Set(
      [...paragraph(billing, '2. **Webhook endpoint.**').matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]!),
    );
    expect([...listed].sort()).toEqual([...handled].sort());
  });
});

describe('mail feedback (bounces and complaints)', () => {
  const withConfigurationSet = [
    ...[...streamJobTable, ...timerJobTable].filter((job) => job.needs.mail).map((job) => job.name),
    queueJobs.sendBookingMail.name,
  ];
  const without = [
    ...routeTable.filter((route) => route.needs.mail).map((route) => route.name),
    ...Object.values(queueJobs)
      .filter((job) => job.needs.mail && job.name !== queueJobs.sendBookingMail.name)
      .map((job) => job.name),
  ];

  it('is asked of SES only for the booking lifecycle functions (the configuration set is set nowhere else)', () => {
    const cdkDir = join(root, 'infra/cdk');
    const setting = readdirSync(cdkDir).filter((file) =>
      readFileSync(join(cdkDir, file), 'utf8').includes("'SES_CONFIGURATION_SET'"),
    );
    expect(setting.sort()).toEqual(['booking-lifecycle.ts', 'mail-queue.ts']);
    expect(read('infra/cdk/mail-queue.ts')).toContain('props.job ?? queueJobs.sendBookingMail');
  });

  it('docs/architecture.md names which functions mail with it and which without, and self-hosting says so', () => {
    const note = paragraph(architecture, '- **Bounces and complaints: booking mail only.**');
    for (const name of withConfigurationSet) expect(note).toContain(`\`${name}\``);
    for (const name of without) expect(note).toContain(`\`${name}\``);
    expect(flat(selfHosting)).toContain('Bounces and complaints of booking mail are handled');
    expect(flat(selfHosting)).not.toContain('Bounces and complaints are already handled');
  });
});

describe('HOST=0.0.0.0', () => {
  it('is never mentioned without the warning that the demo sign-ins are public', () => {
    for (const [file, text] of [
      ['README.md', readme],
      ['docs/self-hosting.md', selfHosting],
    ] as const) {
      const mentions = [...text.matchAll(/HOST=0\.0\.0\.0/g)];
      expect(mentions.length, file).toBeGreaterThan(0);
      for (const mention of mentions) {
        const around = flat(text.slice(mention.index, mention.index + 600));
        expect(around, `${file}: the warning beside HOST=0.0.0.0`).toMatch(/demo passwords are public/);
      }
    }
    // The passwords the warning is about are the ones the README prints.
    expect(readme).toContain(`\`${DEMO_HOST.email}\` / \`${DEMO_HOST.password}\``);
    expect(readme).toContain(`\`${DEMO_ADMIN.email}\` / \`${DEMO_ADMIN.password}\``);
  });
});

describe("the README's troubleshooting", () => {
  const troubleshooting = () => flat(section(readme, 'Troubleshooting'));

  it('quotes what the runner really says without Java, with a JRE only, and on a taken port', () => {
    const trouble = troubleshooting();
    const peers = flat(read('infra/local/peers.ts'));
    const start = flat(read('infra/local/start.ts'));
    for (const quote of [
      'Java 17 or newer is needed to run DynamoDB Local, and `java` was not found.',
      'no JDK found (Java',
    ]) {
      expect(peers).toContain(quote);
      expect(trouble).toContain(quote);
    }
    for (const quote of ['is already in use by another program.', 'Meetwise is already running']) {
      expect(start).toContain(quote);
      expect(trouble).toContain(quote);
    }
  });

  it("gives the concurrency a stage reserves, and the quota one and two stages need, from the stack's figures", () => {
    const trouble = troubleshooting();
    const reserved = Object.values(RESERVED_CONCURRENCY).reduce((sum, n) => sum + n, 0);
    expect(trouble).toContain(`reserves ${reserved} concurrent executions`);
    expect(trouble).toContain(`at least ${reserved + 100} for one stage, ${2 * reserved + 100} for two`);
    expect(trouble).toContain('UnreservedConcurrentExecution');
  });

  it('explains SES AccessDenied from what the functions are granted: the sender domain identity only', () => {
    const trouble = troubleshooting();
    expect(read('infra/cdk/api.ts')).toMatch(/resource: 'identity', resourceName: mailDomain\(props\.mailFrom\)/);
    expect(trouble).toContain('ses:SendRawEmail');
    expect(trouble).toContain('identity/{the domain of --mail-from}');
    expect(trouble).toMatch(/sandbox/);
  });
});

describe('the idle cost of one stage', () => {
  it('is stated in docs/scale.md as the cost model computes it', () => {
    const idle = section(scale, 'A stage at rest');
    expect(idle).toContain(formatIdleTable({ google: false, stripe: false }));
    const withBoth = idleMonthlyCost({ google: true, stripe: true }).total;
    expect(flat(idle)).toContain(`$${withBoth.toFixed(2)} with Google and Stripe`);
    expect(flat(scale.slice(0, scale.indexOf('## Where the numbers come from')))).toContain(
      `about $${Math.round(idleMonthlyCost({ google: false, stripe: false }).total)} a month`,
    );
  });
});

describe('the licence', () => {
  it('is MIT, in LICENSE, and package.json names it', () => {
    const licence = read('LICENSE');
    expect(licence.split('\n')[0]).toBe('MIT License');
    expect(licence).toContain('Copyright (c) 2026 Meetwise contributors');
    expect(licence).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
    expect((JSON.parse(read('package.json')) as { license?: string }).license).toBe('MIT');
    expect(readme).toContain('`LICENSE`');
  });
});

describe('citations', () => {
  /** Documents a clone does not have: a citation of them must point into docs/ instead. */
  const missing = [
    new RegExp('ARCHITECTURE' + '\\.md'),
    new RegExp("spec's " + '§'),
    new RegExp('the spec ' + '§'),
    // The product specification's own files, which stay outside the repository.
    new RegExp('host-area' + '\\.md'),
    new RegExp('booking-landing-auth-admin' + '\\.md'),
  ];
  const skipped = new Set(['node_modules', '.git', 'dist', 'cdk.out', '.data', 'coverage']);

  function* files(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      if (skipped.has(name) || name.startsWith('.data')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) yield* files(path);
      else if (/\.(ts|tsx|js|mjs|md|json|css|html|ya?ml)$|^\.env\.example$/.test(name)) yield path;
    }
  }

  it('point into docs/, never at an architecture file or the spec (its files or sections), which a clone lacks', () => {
    const found: string[] = [];
    for (const file of files(root)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (missing.some((pattern) => pattern.test(line)))
            found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
