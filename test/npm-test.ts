import { spawn } from 'node:child_process';

/**
 * `npm test`: the checks (typecheck, lint, formatting) run one after the other beside the build and the four test
 * projects, instead of all before them; each check's output is printed when it ends, under its name. Once built, the
 * browser tests (the e2e project) run in a vitest of their own beside the unit, integration and CDK tests: they spend
 * most of their time waiting on pages, not on the CPU, and their app and Chromium start while the others run; their
 * output is printed when they end. A few browser files wait for the others to end, and then run in a second browser
 * vitest beside the first (LATE_BROWSER_FILES). Fails when any step fails (the tests do not run when the build
 * failed); every step is a package.json script, as before. Arguments go to vitest
 * (`npm test -- test/unit/config.test.ts`); with `--project`, one vitest runs what they name.
 */

const CHECKS = ['typecheck', 'lint', 'format:check'] as const;

/**
 * Browser files run in a second browser vitest once the unit, integration and CDK tests have ended, beside the other
 * browser files: when the browser files took 802 s and the rest 626 s (a clean-clone run), one core had little to do
 * for three minutes. These are the files against the fake Google and the fake Stripe (110 s of that run), so their app
 * (test/support/fakes-app.ts) starts in that vitest only. Since the accessibility checks got faster, the first
 * browser vitest takes 619 s, and the rest 649 s followed by these 68 s.
 */
const LATE_BROWSER_FILES = [
  'test/e2e/billing.test.ts',
  'test/e2e/calendar-google.test.ts',
  'test/e2e/google-sign-in.test.ts',
];

interface Outcome {
  step: string;
  code: number;
  seconds: number;
}

const running = new Set<ReturnType<typeof spawn>>();

/** Runs `npm run <script> [args]`; `captured` keeps its output to print in one piece when it ends. */
function run(script: string, args: string[], captured: boolean, label = script): Promise<Outcome> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const outcome = { step: label, code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 };
      if (captured) {
        const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit code ${outcome.code})`;
        process.stdout.write(`\n── npm run ${label}: ${verdict} in ${outcome.seconds.toFixed(0)} s ──\n`);
        if (output.trim() !== '') process.stdout.write(`${output.trimEnd()}\n`);
      }
      resolve(outcome);
    });
  });
}

async function checks(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const check of CHECKS) outcomes.push(await run(check, [], true));
  return outcomes;
}

async function buildAndTest(args: string[]): Promise<Outcome[]> {
  const build = await run('build', [], true);
  if (build.code !== 0) return [build];
  if (args.includes('--project') || args.some((arg) => arg.startsWith('--project='))) {
    return [build, await run('test:all', args, false)];
  }
  // A file named in the arguments is in one of the two: the other finds none, which is no failure.
  if (args.length > 0) {
    const tests = await Promise.all([
      run('test:all', ['--project', '!e2e', '--passWithNoTests', ...args], false),
      run('test:all', ['--project', 'e2e', '--passWithNoTests', ...args], true, 'test:all --project e2e'),
    ]);
    return [build, ...tests];
  }
  const withoutLateFiles = LATE_BROWSER_FILES.flatMap((file) => ['--exclude', file]);
  const tests = await Promise.all([
    // Every project but the browser's, so one added to vitest.config.ts runs without being named here; then the
    // browser files that wait for a core to be free.
    run('test:all', ['--project', '!e2e'], false).then(async (others) => [
      others,
      await run('test:all', ['--project', 'e2e', ...LATE_BROWSER_FILES], true, 'test:all --project e2e (late files)'),
    ]),
    run('test:all', ['--project', 'e2e', ...withoutLateFiles], true, 'test:all --project e2e'),
  ]);
  return [build, ...tests.flat()];
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

const outcomes = (await Promise.all([checks(), buildAndTest(process.argv.slice(2))])).flat();
process.stdout.write(
  `\n${outcomes.map((o) => `${o.code === 0 ? 'ok    ' : 'FAILED'} ${o.step} (${o.seconds.toFixed(0)} s)`).join('\n')}\n`,
);
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
