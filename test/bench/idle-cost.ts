import { jobTable } from '#shared/jobs';
import { ASSUMPTIONS, LAMBDA_MEMORY_MB, PRICES, usd, type CostLine } from '#test/bench/cost-model';

/**
 * What one stage costs a month with nobody using it: the fixed charges of what the stack creates, and what runs on
 * its own (the scheduled jobs, the queue pollers). Priced like the rest of the cost model (no free tier), so it is
 * the floor under docs/scale.md's tables; `npx tsx test/bench/cost-report.ts` does not print it, docs/scale.md's
 * "A stage at rest" states it and test/unit/docs-accuracy.test.ts keeps the two equal.
 */

const MINUTES_PER_MONTH = 30 * 24 * 60;
/** An upper bound on a scheduled run with nothing to do: a cold start (the model's init) and well under a second. */
const IDLE_RUN_SECONDS = 1;
const GB = LAMBDA_MEMORY_MB / 1024;

export function idleMonthlyCost(options: { google: boolean; stripe: boolean }) {
  const lines: CostLine[] = [];
  const add = (service: string, item: string, arithmetic: string, value: number) =>
    lines.push({ service, item, arithmetic, usd: value });

  add(
    'WAF',
    'web ACL and its 2 rules',
    '$5 + 2 × $1 (requests: none)',
    PRICES.waf.perWebAclMonth + 2 * PRICES.waf.perRuleMonth,
  );
  const alarms = ASSUMPTIONS.lambda.functions + 4;
  add('CloudWatch', 'alarms', `${alarms} alarms × $0.10`, alarms * PRICES.cloudWatch.perAlarmMonth);
  // A custom metric is billed for the hours it is published; at rest only the scheduled jobs publish (ColdStart).
  add(
    'CloudWatch',
    'metrics',
    `${jobTable.length} series of the scheduled jobs × $0.30 (the others are published only when something happens)`,
    jobTable.length * PRICES.cloudWatch.perMetricMonth,
  );
  add('KMS', 'key', '1 key × $1', PRICES.kms.perKeyMonth);
  const secrets = 2 + (options.google ? 1 : 0) + (options.stripe ? 1 : 0);
  add(
    'Secrets Manager',
    'secrets',
    `${secrets} secrets × $0.40 (session and origin${options.google ? ', Google' : ''}${options.stripe ? ', Stripe' : ''})`,
    secrets * PRICES.secretsManager.perSecretMonth,
  );
  const polls = ASSUMPTIONS.webhooks.idlePollsPerMonth + ASSUMPTIONS.mailQueue.idlePollsPerMonth;
  add(
    'SQS',
    'long polls of the two queues',
    `${polls.toLocaleString('en-US')} empty receives × $0.40/M`,
    polls * PRICES.sqs.perRequest,
  );
  const runs = jobTable.reduce((total, job) => total + MINUTES_PER_MONTH / job.everyMinutes, 0);
  const gbSeconds = runs * IDLE_RUN_SECONDS * GB;
  add(
    'Lambda',
    'scheduled jobs',
    `${runs.toLocaleString('en-US')} runs (${jobTable.map((job) => `${job.name} every ${job.everyMinutes} min`).join(', ')}) × $0.20/M + at most ${gbSeconds.toLocaleString('en-US')} GB-s × $0.0000133334`,
    runs * PRICES.lambda.perRequest + gbSeconds * PRICES.lambda.gbSecond,
  );
  const total = lines.reduce((sum, line) => sum + line.usd, 0);
  return { lines, total };
}

/** The section's table, as docs/scale.md shows it. */
export function formatIdleTable(options: { google: boolean; stripe: boolean }): string {
  const { lines, total } = idleMonthlyCost(options);
  return [
    '| service | item | arithmetic | per month |',
    '|---|---|---|--:|',
    ...lines.map((line) => `| ${line.service} | ${line.item} | ${line.arithmetic} | ${usd(line.usd)} |`),
    `| **all** | | | **${usd(total)}** |`,
  ].join('\n');
}
