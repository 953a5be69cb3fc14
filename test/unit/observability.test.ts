/**
 * Logs and metrics as the HTTP wrapper wires them (docs/operations.md): every line of a request carries the route,
 * the request id and the correlation id; the JSON lines add Powertools' Lambda context (cold start, function request
 * id, service); the counts a use case makes, and a ServerError for a 5xx answer, leave as one EMF line per
 * invocation. Metrics are turned on here (the test run turns them off elsewhere), before the wrapper loads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

import type { RouteDefinition } from '#shared/api/routes';
import type * as PowertoolsAdapters from '#functions/adapters/observability/powertools';
import type * as ReadableLoggerModule from '#functions/adapters/observability/readable-logger';
import type * as RouteHandler from '#functions/http/route-handler';
import type * as ScheduledJobModule from '#functions/jobs/scheduled-job';
import type { Logger } from '#functions/ports/core';
import type { Deps } from '#functions/ports/deps';
import { apiEvent, testContext } from '#test/support/api-event';

const route = {
  name: 'example',
  method: 'GET',
  path: '/api/example',
  auth: 'public',
  summary: 'test route',
  response: z.object({ ok: z.boolean() }),
  needs: {},
} as const satisfies RouteDefinition;

let httpRoute: typeof RouteHandler.httpRoute;
let adapters: typeof PowertoolsAdapters;
let readable: typeof ReadableLoggerModule;
let scheduledJob: typeof ScheduledJobModule.scheduledJob;

beforeAll(async () => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'example');
  vi.resetModules();
  httpRoute = (await import('#functions/http/route-handler')).httpRoute;
  adapters = await import('#functions/adapters/observability/powertools');
  readable = await import('#functions/adapters/observability/readable-logger');
  scheduledJob = (await import('#functions/jobs/scheduled-job')).scheduledJob;
});

afterEach(() => vi.restoreAllMocks());

// The unit files share one module cache (vitest.config.ts): the next file gets metrics off again, and modules that read
// it afresh.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Everything written to stdout and stderr while `work` runs, split into lines. */
async function output(work: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const logs = vi.spyOn(console, 'log').mockImplementation((...args) => void written.push(args.join(' ')));
  const errors = vi.spyOn(console, 'error').mockImplementation((...args) => void written.push(args.join(' ')));
  const warns = vi.spyOn(console, 'warn').mockImplementation((...args) => void written.push(args.join(' ')));
  const infos = vi.spyOn(console, 'info').mockImplementation((...args) => void written.push(args.join(' ')));
  try {
    await work();
  } finally {
    for (const spy of [logs, errors, warns, infos]) spy.mockRestore();
    vi.restoreAllMocks();
  }
  return written
    .join('\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

const jsonLines = (lines: string[]) =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

function call(logger: Logger, run: (deps: Deps) => Promise<unknown>, headers: Record<string, string> = {}) {
  const deps = {
    logger,
    config: { siteUrl: 'http://localhost:3000' },
    sessions: { authenticate: async () => null },
  } as unknown as Deps;
  const handler = httpRoute(
    route,
    (given) => run(given as Deps) as never,
    async () => deps,
  );
  return handler(apiEvent({ method: 'GET', path: '/api/example', headers }), {
    ...testContext,
    functionName: 'example-fn',
    awsRequestId: 'lambda-1',
  }) as Promise<{
    statusCode: number;
  }>;
}

describe('JSON logs through Powertools', () => {
  it('put the route, the request and correlation ids and the Lambda context on every line of a request', async () => {
    const logger = adapters.powertoolsLogger(adapters.powertoolsRootLogger());
    const lines = jsonLines(
      await output(() =>
        call(
          logger,
          async (deps) => {
            deps.logger.info('Booking created', { bookingId: 'b-1' });
            return { ok: true };
          },
          { 'x-correlation-id': 'corr-42' },
        ),
      ),
    );
    const line = lines.find((entry) => entry.message === 'Booking created');
    expect(line).toMatchObject({
      level: 'INFO',
      service: 'example',
      route: 'example',
      requestId: 'req-test',
      correlationId: 'corr-42',
      bookingId: 'b-1',
      function_name: 'example-fn',
      function_request_id: 'lambda-1',
      cold_start: expect.any(Boolean),
    });
  });

  it('takes the request id as the correlation id when the caller sends none or a strange one', async () => {
    const logger = adapters.powertoolsLogger(adapters.powertoolsRootLogger());
    const lines = jsonLines(
      await output(() =>
        call(
          logger,
          async (deps) => {
            deps.logger.warn('Something to see');
            return { ok: true };
          },
          { 'x-correlation-id': 'not ok\nforged: line' },
        ),
      ),
    );
    expect(lines.find((entry) => entry.message === 'Something to see')).toMatchObject({
      correlationId: 'req-test',
      requestId: 'req-test',
    });
  });

  it('logs an unhandled error with the request id the 500 answer shows', async () => {
    const logger = adapters.powertoolsLogger(adapters.powertoolsRootLogger());
    let status = 0;
    const lines = jsonLines(
      await output(async () => {
        status = (
          await call(logger, async () => {
            throw new Error('connect ECONNREFUSED');
          })
        ).statusCode;
      }),
    );
    expect(status).toBe(500);
    expect(lines.find((entry) => entry.message === 'Unhandled error')).toMatchObject({
      level: 'ERROR',
      route: 'example',
      requestId: 'req-test',
      error: expect.objectContaining({ message: 'connect ECONNREFUSED' }),
    });
  });
});

describe('readable logs on one machine', () => {
  it('print one line per entry with the route, the request id and the fields', async () => {
    const written: string[] = [];
    const logger = readable.readableLogger('info', {}, (line) => written.push(line));
    await output(() =>
      call(logger, async (deps) => {
        deps.logger.info('Booking created', { bookingId: 'b-1', guest: 'Ada Lovelace' });
        return { ok: true };
      }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}INFO {3}example req-test {2}Booking created {2}correlationId=req-test bookingId=b-1 guest="Ada Lovelace"$/,
    );
  });

  it('leave out entries below the level', () => {
    const written: string[] = [];
    const logger = readable.readableLogger('warn', {}, (line) => written.push(line));
    logger.info('quiet');
    logger.warn('loud');
    expect(written).toEqual([expect.stringContaining('loud')]);
  });
});

describe('metrics (CloudWatch embedded metric format)', () => {
  const emf = (lines: string[]) =>
    jsonLines(lines).filter((entry) => (entry._aws as { CloudWatchMetrics?: unknown } | undefined)?.CloudWatchMetrics);

  it("leave the use case's counts as one EMF line in the Meetwise namespace, by service", async () => {
    const logger = readable.readableLogger('error', {}, () => {});
    const metrics = adapters.powertoolsMetricsPort();
    const lines = emf(
      await output(() =>
        call(logger, async () => {
          metrics.count('BookingCreated');
          metrics.count('EmailSent', 2);
          return { ok: true };
        }),
      ),
    );
    const counted = lines.find((entry) => 'BookingCreated' in entry);
    expect(counted).toMatchObject({ BookingCreated: 1, EmailSent: 2, service: 'example' });
    const definition = (counted!._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] })
      .CloudWatchMetrics[0]!;
    expect(definition.Namespace).toBe('Meetwise');
    expect(definition.Dimensions).toEqual([['service']]);
  });

  it('count a ServerError for a 5xx answer, and nothing for an answer without counts', async () => {
    const logger = readable.readableLogger('error', {}, () => {});
    const failed = emf(
      await output(() =>
        call(logger, async () => {
          throw new Error('boom');
        }),
      ),
    );
    expect(failed.find((entry) => 'ServerError' in entry)).toMatchObject({ ServerError: 1, service: 'example' });
    const quiet = emf(await output(() => call(logger, async () => ({ ok: true }))));
    expect(quiet.filter((entry) => 'BookingCreated' in entry || 'ServerError' in entry)).toEqual([]);
  });
});

describe('scheduled jobs', () => {
  it("answer the job's result and leave its counts as one EMF line when it ends", async () => {
    const metrics = adapters.powertoolsMetricsPort();
    const handler = scheduledJob('example', async () => {
      metrics.count('GoogleCallFailed');
      return { synced: 3 };
    });
    let result: unknown;
    const lines = jsonLines(
      await output(async () => {
        result = await handler({}, { ...testContext, functionName: 'example-job', awsRequestId: 'run-1' });
      }),
    );
    expect(result).toEqual({ synced: 3 });
    expect(lines.find((entry) => 'GoogleCallFailed' in entry)).toMatchObject({
      GoogleCallFailed: 1,
      service: 'example',
    });
  });

  it('publish the counts of a run that failed too', async () => {
    const metrics = adapters.powertoolsMetricsPort();
    const handler = scheduledJob('example', async () => {
      metrics.count('EmailFailed');
      throw new Error('DynamoDB unreachable');
    });
    let failure: unknown;
    const lines = jsonLines(
      await output(async () => {
        failure = await handler({}, testContext).catch((error: unknown) => error);
      }),
    );
    expect(failure).toEqual(new Error('DynamoDB unreachable'));
    expect(lines.find((entry) => 'EmailFailed' in entry)).toMatchObject({ EmailFailed: 1 });
  });
});
