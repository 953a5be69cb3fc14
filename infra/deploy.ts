import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SSMClient } from '@aws-sdk/client-ssm';

import { checkCertificateArn, checkStage, stageStackName } from '#infra/cdk/stage';
import { optionValue, parseCommandLine, UsageError } from '#infra/cli-args';
import {
  decideSettings,
  fileSettingsStore,
  isSettingName,
  readRemembered,
  REMEMBERED_SETTINGS,
  settingsTable,
  ssmSettingsStore,
  type SettingName,
  type Settings,
  type SettingsStore,
} from '#infra/deploy-settings';

/**
 * `npm run deploy -- --stage NAME [options]`: builds the front end, synthesizes the stage's stacks and deploys them
 * (`Meetwise-{stage}`, and `Meetwise-{stage}-Edge` in us-east-1 when deploying elsewhere). Each stage is a stack of
 * its own with its own table, buckets and names. The deploying credentials pick the account and region (AWS_PROFILE,
 * AWS_REGION, …), as for any CDK app. `--synth-only` stops after the synthesis: no AWS call, works offline.
 * The stage's settings are remembered (infra/deploy-settings.ts): a flag left out keeps its value, changing one needs
 * `--change`, and they are shown before deploying.
 */

export const USAGE = `Usage: npm run deploy -- --stage NAME [options] [-c key=value …]

  --stage NAME               the stage to deploy (dev, prod, …): the stack Meetwise-NAME, its own table and names
  --mail-from ADDRESS        sender of every e-mail (an SES-verified identity)
  --contact-email ADDRESS    where contact messages go
  --admin-emails A,B         administrator addresses
  --alarm-email ADDRESS      subscribes an address to the operator alarms
  --domain NAME              custom domain of the site (needs --certificate-arn)
  --certificate-arn ARN      ACM certificate in us-east-1 covering --domain
  --hosted-zone-id ID        Route 53 hosted zone of --domain: adds its A and AAAA records (with --hosted-zone-name)
  --hosted-zone-name NAME    that zone's name, for example example.com
  -c key=value               any other setting of infra/cdk/meetwise-app.ts (googleClientId, stripeSecretArn, …)
  --change                   let this deploy change settings the stage remembers (otherwise refused)
  --unset NAME               remove a remembered setting (alarmEmail, domainName, googleClientId, …)
  --skip-build               deploy the front end already in frontend/dist
  --synth-only               build and synthesize only (offline; nothing is deployed)
  --yes                      do not ask before security-relevant changes (for a pipeline)

Each stage remembers its settings (mail sender, contact address, admin e-mails, alarm address, domain, Google,
Stripe) after a successful deploy: a setting left out keeps its remembered value. A stage needs a mail sender and a
contact address, given or remembered.`;

export interface DeployPlan {
  stage: string;
  stackName: string;
  /** CDK context: `-c key=value` for each. */
  context: Record<string, string>;
  build: boolean;
  synthOnly: boolean;
  approve: boolean;
  /** Given settings may replace remembered ones. */
  change: boolean;
  /** Remembered settings to remove. */
  unset: SettingName[];
}

/** Flags that are CDK context under another name. */
const CONTEXT_FLAGS: Record<string, string> = {
  '--mail-from': 'mailFrom',
  '--contact-email': 'contactEmail',
  '--admin-emails': 'adminEmails',
  '--alarm-email': 'alarmEmail',
  '--domain': 'domainName',
  '--certificate-arn': 'certificateArn',
  '--hosted-zone-id': 'hostedZoneId',
  '--hosted-zone-name': 'hostedZoneName',
};

/** Reads the command line (everything after `npm run deploy --`). */
export function parseDeployArgs(args: readonly string[]): DeployPlan {
  const context: Record<string, string> = {};
  let build = true;
  let synthOnly = false;
  let approve = false;
  let change = false;
  const unset: SettingName[] = [];
  // -c is an option of its own, so no value of an option starts with a dash.
  const valueOf = (index: number) => optionValue(args, index, (value) => value.startsWith('-'));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--stage') context.stage = valueOf(i++);
    else if (arg in CONTEXT_FLAGS) context[CONTEXT_FLAGS[arg]!] = valueOf(i++);
    else if (arg === '-c' || arg === '--context') {
      const pair = valueOf(i++);
      const match = /^([A-Za-z][\w:.-]*)=(.*)$/.exec(pair);
      if (!match) throw new UsageError(`${arg} takes key=value, got "${pair}"`);
      context[match[1]!] = match[2]!;
    } else if (arg === '--skip-build') build = false;
    else if (arg === '--synth-only') synthOnly = true;
    else if (arg === '--yes') approve = true;
    else if (arg === '--change') change = true;
    else if (arg === '--unset') {
      const name = valueOf(i++);
      if (!isSettingName(name)) {
        throw new UsageError(`--unset takes a setting's name (${REMEMBERED_SETTINGS.join(', ')}), got "${name}"`);
      }
      unset.push(name);
    } else throw new UsageError(`Unknown option "${arg}"`);
  }
  if (!context.stage) throw new UsageError('--stage is required: which stage to deploy (for example dev or prod)');
  let stackName: string;
  try {
    stackName = stageStackName(checkStage(context.stage));
    if (context.certificateArn) checkCertificateArn(context.certificateArn);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (context.domainName && !context.certificateArn) {
    throw new UsageError('--domain needs --certificate-arn: an ACM certificate in us-east-1 covering it');
  }
  if (Boolean(context.hostedZoneId) !== Boolean(context.hostedZoneName)) {
    throw new UsageError('--hosted-zone-id and --hosted-zone-name go together');
  }
  if (context.hostedZoneId && !context.domainName) throw new UsageError('--hosted-zone-id needs --domain');
  return { stage: context.stage, stackName, context, build, synthOnly, approve, change, unset };
}

/** Where a stage's settings are remembered: the shared store (none offline) and this machine's copy. */
export interface SettingsStores {
  shared?: SettingsStore;
  local: SettingsStore;
}

/**
 * The plan with the stage's settings decided (given, else remembered; see decideSettings) and the lines to show
 * before deploying. A usage error when a setting would change without `--change`, or the stage has no mail sender or
 * contact address.
 */
export async function prepareDeploy(
  plan: DeployPlan,
  stores: SettingsStores,
): Promise<{ plan: DeployPlan; settings: Settings; shown: string }> {
  const given: Settings = {};
  const others: Record<string, string> = {};
  for (const [key, value] of Object.entries(plan.context)) {
    if (isSettingName(key)) given[key] = value;
    else others[key] = value;
  }
  const { stored, from } = await readRemembered(plan.stage, stores);
  const { settings, rows } = decideSettings(plan.stage, given, stored?.settings, plan);
  return {
    plan: { ...plan, context: { ...others, ...settings } },
    settings,
    shown: settingsTable(plan.stage, stored ? `${from}, deployed ${stored.deployedAt}` : `none yet, ${from}`, rows),
  };
}

/** After a successful deploy: the stage's settings, in the shared store and this machine's copy. */
export async function rememberDeploy(
  stage: string,
  settings: Settings,
  stores: SettingsStores,
  now: Date,
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<void> {
  const stored = { settings, deployedAt: now.toISOString() };
  await stores.local.write(stage, stored);
  if (!stores.shared) return;
  try {
    await stores.shared.write(stage, stored);
  } catch (error) {
    warn(
      `✖ The deploy succeeded, but its settings could not be saved in ${stores.shared.where(stage)} (${(error as Error).message}). Another machine will not find them: fix the permission (ssm:PutParameter) and deploy again.`,
    );
  }
}

/** What an offline synthesis of a stage without its own addresses uses (example.com: nothing is deployed). */
export const SYNTH_ONLY_ADDRESSES = { mailFrom: 'no-reply@example.com', contactEmail: 'hello@example.com' };

/** The commands the plan runs, in order (each an argv; `npx cdk` is the project's pinned CDK CLI). */
export function deployCommands(plan: DeployPlan): string[][] {
  // A synthesis deploys nothing: a stage that has no sender or contact address yet synthesizes with example ones
  // (infra/cdk/meetwise-app.ts refuses a stage without them, so a real deploy never falls back to any domain).
  const context = plan.synthOnly ? { ...SYNTH_ONLY_ADDRESSES, ...plan.context } : plan.context;
  const contextArgs = Object.entries(context).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  // A cloud assembly per stage, so two stages' synths never mix files.
  const output = ['--output', `cdk.out/${plan.stage}`];
  const commands: string[][] = plan.build ? [['npm', 'run', 'build']] : [];
  if (plan.synthOnly) {
    commands.push(['npx', 'cdk', 'synth', '--quiet', ...output, ...contextArgs]);
  } else {
    commands.push([
      'npx',
      'cdk',
      'deploy',
      '--all',
      ...output,
      ...contextArgs,
      '--outputs-file',
      `cdk.out/${plan.stage}-outputs.json`,
      ...(plan.approve ? ['--require-approval', 'never'] : []),
    ]);
  }
  return commands;
}

async function main(): Promise<void> {
  const given = parseCommandLine(parseDeployArgs, USAGE);
  const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
  // --synth-only is offline: this machine's copy only.
  const ssm = given.synthOnly ? undefined : await ssmClient();
  const stores: SettingsStores = {
    ...(ssm ? { shared: ssmSettingsStore(ssm) } : {}),
    local: fileSettingsStore(resolve(repoRoot, 'cdk.out')),
  };
  let prepared;
  try {
    prepared = await prepareDeploy(given, stores);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { plan, settings, shown } = prepared;
  console.log(`Stage ${plan.stage}: stack ${plan.stackName}${plan.synthOnly ? ' (synthesis only)' : ''}`);
  console.log(shown);
  for (const [command, ...args] of deployCommands(plan)) {
    console.log(`\n$ ${[command, ...args].join(' ')}`);
    const { status } = spawnSync(command!, args, { cwd: repoRoot, stdio: 'inherit' });
    if (status !== 0) {
      console.error(`\n${command} ${args[0]} failed (exit code ${status}); stage ${plan.stage} was not completed.`);
      process.exit(1);
    }
  }
  if (!plan.synthOnly) await rememberDeploy(plan.stage, settings, stores, new Date());
  ssm?.destroy();
  console.log(
    plan.synthOnly
      ? `\nSynthesized ${plan.stackName} into cdk.out/${plan.stage}.`
      : `\nDeployed ${plan.stackName}. Its outputs (SiteUrl, OperatorTopicArn, …): cdk.out/${plan.stage}-outputs.json`,
  );
}

/** An SSM client in the deploying region; the CDK's default (us-east-1) when the AWS configuration names none. */
async function ssmClient(): Promise<SSMClient> {
  const client = new SSMClient({});
  try {
    await client.config.region();
    return client;
  } catch {
    client.destroy();
    return new SSMClient({ region: 'us-east-1' });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
