import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { checkCertificateArn, checkStage, stageStackName } from '#infra/cdk/stage';
import { optionValue, parseCommandLine, UsageError } from '#infra/cli-args';

/**
 * `npm run deploy -- --stage NAME [options]`: builds the front end, synthesizes the stage's stacks and deploys them
 * (`Meetwise-{stage}`, and `Meetwise-{stage}-Edge` in us-east-1 when deploying elsewhere). Each stage is a stack of
 * its own with its own table, buckets and names. The deploying credentials pick the account and region (AWS_PROFILE,
 * AWS_REGION, …), as for any CDK app. `--synth-only` stops after the synthesis: no AWS call, works offline.
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
  -c key=value               any other setting of infra/cdk/app.ts (googleClientId, stripeSecretArn, …)
  --skip-build               deploy the front end already in frontend/dist
  --synth-only               build and synthesize only (offline; nothing is deployed)
  --yes                      do not ask before security-relevant changes (for a pipeline)`;

export interface DeployPlan {
  stage: string;
  stackName: string;
  /** CDK context: `-c key=value` for each. */
  context: Record<string, string>;
  build: boolean;
  synthOnly: boolean;
  approve: boolean;
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
    else throw new UsageError(`Unknown option "${arg}"`);
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
  return { stage: context.stage, stackName, context, build, synthOnly, approve };
}

/** The commands the plan runs, in order (each an argv; `npx cdk` is the project's pinned CDK CLI). */
export function deployCommands(plan: DeployPlan): string[][] {
  const contextArgs = Object.entries(plan.context).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
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

function main(): void {
  const plan = parseCommandLine(parseDeployArgs, USAGE);
  const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
  console.log(`Stage ${plan.stage}: stack ${plan.stackName}${plan.synthOnly ? ' (synthesis only)' : ''}`);
  for (const [command, ...args] of deployCommands(plan)) {
    console.log(`\n$ ${[command, ...args].join(' ')}`);
    const { status } = spawnSync(command!, args, { cwd: repoRoot, stdio: 'inherit' });
    if (status !== 0) {
      console.error(`\n${command} ${args[0]} failed (exit code ${status}); stage ${plan.stage} was not completed.`);
      process.exit(1);
    }
  }
  console.log(
    plan.synthOnly
      ? `\nSynthesized ${plan.stackName} into cdk.out/${plan.stage}.`
      : `\nDeployed ${plan.stackName}. Its outputs (SiteUrl, OperatorTopicArn, …): cdk.out/${plan.stage}-outputs.json`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
