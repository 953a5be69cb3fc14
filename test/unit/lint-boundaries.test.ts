/**
 * The code's boundaries are kept by the lint run (eslint.config.js): each import below, put in a file at the given
 * place, must fail `npm run lint` with `no-restricted-imports`, and the allowed ones must pass. The files do not
 * exist: ESLint lints the text as if it lived at that path, with the repository's own configuration. Import cycles
 * (`import-x/no-cycle`) are shown with two files written for the test, since the rule reads the files it follows.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

// Loading the repository's configuration (its plugins and parsers) is the slow part, once per file: it is done here,
// where a busy machine may take its time, so that each test below only lints its line.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export const warm = 1;\n', { filePath: `${root}frontend/src/lib/warm-up.ts` });
}, 120_000);

/** The restricted-import messages ESLint gives `source` as the file `path`. */
async function importProblems(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [x];\n`, { filePath: `${root}${path}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('front-end features', () => {
  it('do not import another feature', async () => {
    const problems = await importProblems(
      'frontend/src/features/profile/components/new-card.tsx',
      "import { x } from '#frontend/features/auth/components/auth-form.tsx';",
    );
    expect(problems).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('do not import the app shell', async () => {
    const problems = await importProblems(
      'frontend/src/features/booking/lib/new.ts',
      "import { x } from '#frontend/app/router.tsx';",
    );
    expect(problems).toEqual([expect.stringContaining('does not import the app shell')]);
  });

  it('may import their own files, the shared front-end code and shared/', async () => {
    const path = 'frontend/src/features/booking/components/new.tsx';
    expect(await importProblems(path, "import { x } from '#frontend/lib/accent.ts';")).toEqual([]);
    expect(await importProblems(path, "import { x } from '#frontend/lib/api.ts';")).toEqual([]);
    expect(await importProblems(path, "import { x } from '#shared/constants';")).toEqual([]);
  });

  it('leave lib and components free of features, and the app shell free to compose them', async () => {
    const feature = "import { x } from '#frontend/features/booking/components/booking-page.tsx';";
    expect(await importProblems('frontend/src/lib/new.ts', feature)).toEqual([
      expect.stringContaining('imports no feature'),
    ]);
    expect(await importProblems('frontend/src/components/new.tsx', feature)).toEqual([
      expect.stringContaining('imports no feature'),
    ]);
    expect(await importProblems('frontend/src/app/new.tsx', feature)).toEqual([]);
  });
});

describe('functions', () => {
  const domainFile = 'functions/src/domain/new-rule.ts';

  it('keep the domain free of adapters, use cases, HTTP, ports and AWS', async () => {
    for (const source of [
      "import { x } from '#functions/adapters/dynamodb/bookings/ledger';",
      "import { x } from '#functions/app/booking/create/create-booking';",
      "import { x } from '#functions/http/cookies';",
      "import type { x } from '#functions/ports/bookings';",
    ]) {
      expect(await importProblems(domainFile, source), source).toEqual([
        expect.stringContaining('The domain is pure rules'),
      ]);
    }
    expect(await importProblems(domainFile, "import { x } from '@aws-sdk/client-dynamodb';")).toEqual([
      expect.stringContaining('does not talk to AWS'),
    ]);
    expect(await importProblems(domainFile, "import { x } from 'react';")).toEqual([
      expect.stringContaining('does not import React'),
    ]);
  });

  it('let the domain use other domain modules and shared/', async () => {
    expect(await importProblems(domainFile, "import type { x } from '#functions/domain/records';")).toEqual([]);
    expect(await importProblems(domainFile, "import { x } from '#shared/availability/engine';")).toEqual([]);
  });

  it('keep use cases free of HTTP code and adapters', async () => {
    const useCase = 'functions/src/app/new-use-case.ts';
    expect(await importProblems(useCase, "import { x } from '#functions/http/cookies';")).toEqual([
      expect.stringContaining('A use case depends on ports and the domain'),
    ]);
    expect(await importProblems(useCase, "import { x } from '#functions/adapters/ses/mailer';")).toEqual([
      expect.stringContaining('A use case depends on ports and the domain'),
    ]);
    expect(await importProblems(useCase, "import type { x } from '#functions/ports/bookings';")).toEqual([]);
  });

  it('make use cases name their ports rather than take the whole Deps', async () => {
    expect(
      await importProblems('functions/src/app/booking/new.ts', "import type { x } from '#functions/ports/deps';"),
    ).toEqual([expect.stringContaining('A use case names the ports it uses')]);
  });

  it("keep each area's use cases to themselves: another area's are asked through a port", async () => {
    const accounts = 'functions/src/app/accounts/new.ts';
    expect(await importProblems(accounts, "import { x } from '#functions/app/teams/teams';")).toEqual([
      expect.stringContaining('it asks through a port'),
    ]);
    expect(
      await importProblems(
        'functions/src/app/events/new.ts',
        "import { x } from '#functions/app/booking/cancel-booking';",
      ),
    ).toEqual([expect.stringContaining('it asks through a port')]);
    expect(await importProblems(accounts, "import { x } from '#functions/app/accounts/email-verification';")).toEqual(
      [],
    );
    expect(await importProblems(accounts, "import { x } from '#functions/app/common/caller';")).toEqual([]);
    expect(await importProblems(accounts, "import type { x } from '#functions/ports/teams';")).toEqual([]);
    expect(
      await importProblems(
        'functions/src/app/common/new.ts',
        "import { x } from '#functions/app/booking/availability';",
      ),
    ).toEqual([expect.stringContaining('app/common serves every area')]);
  });

  it('keep every piece of the composition root to handlers and jobs', async () => {
    for (const source of [
      "import { x } from '#functions/composition/billing';",
      "import { x } from '#functions/composition/pages';",
    ]) {
      expect(await importProblems('functions/src/adapters/ses/new-sender.ts', source), source).toEqual([
        expect.stringContaining('Only handlers and jobs import the composition root'),
      ]);
      expect(await importProblems('functions/src/app/booking/new.ts', source), source).toEqual([
        expect.stringContaining('A use case depends on ports and the domain'),
      ]);
    }
    expect(
      await importProblems('functions/src/handlers/new.ts', "import { x } from '#functions/composition/billing';"),
    ).toEqual([]);
  });

  it('keep each adapter to itself', async () => {
    const adapter = 'functions/src/adapters/ses/new-sender.ts';
    expect(await importProblems(adapter, "import { x } from '#functions/adapters/dynamodb/client';")).toEqual([
      expect.stringContaining('An adapter does not import another adapter'),
    ]);
    expect(await importProblems(adapter, "import { x } from '#functions/adapters/ses/mailer';")).toEqual([]);
    expect(await importProblems(adapter, "import type { x } from '#functions/ports/mail';")).toEqual([]);
    expect(await importProblems(adapter, "import { x } from '#functions/composition';")).toEqual([
      expect.stringContaining('Only handlers and jobs import the composition root'),
    ]);
  });
});

describe('no import cycles', () => {
  it('refuses two modules that import each other through the # imports; one way is fine', async () => {
    const name = `lint-cycle-${randomBytes(4).toString('hex')}`;
    const a = `functions/src/domain/${name}-a.ts`;
    const b = `functions/src/domain/${name}-b.ts`;
    const cycleProblems = async (path: string) =>
      (await eslint.lintFiles([`${root}${path}`]))[0]!.messages.filter(
        (message) => message.ruleId === 'import-x/no-cycle',
      );
    try {
      writeFileSync(`${root}${a}`, `import { b } from '#functions/domain/${name}-b';\nexport const a = () => b;\n`);
      writeFileSync(`${root}${b}`, 'export const b = 1;\n');
      expect(await cycleProblems(a)).toEqual([]);
      writeFileSync(`${root}${b}`, `import { a } from '#functions/domain/${name}-a';\nexport const b = () => a;\n`);
      expect(await cycleProblems(a)).toEqual([expect.objectContaining({ message: 'Dependency cycle detected' })]);
    } finally {
      rmSync(`${root}${a}`, { force: true });
      rmSync(`${root}${b}`, { force: true });
    }
  });
});

describe('one import style', () => {
  it('refuses a relative import anywhere', async () => {
    for (const path of [
      'functions/src/app/new.ts',
      'frontend/src/lib/new.ts',
      'infra/cdk/new.ts',
      'test/unit/new.test.ts',
    ]) {
      expect(await importProblems(path, "import { x } from './neighbour.ts';"), path).toEqual([
        expect.stringContaining('subpath imports'),
      ]);
    }
  });

  it('keeps shared/ free of both sides', async () => {
    expect(await importProblems('shared/rules/new.ts', "import { x } from '#functions/domain/booking';")).toEqual([
      expect.stringContaining('shared/ is used by both sides'),
    ]);
  });
});
