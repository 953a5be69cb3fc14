import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { repoRoot } from '#infra/cdk/stack';
import { UsageError } from '#infra/cli-args';
import {
  deployCommands,
  parseDeployArgs,
  prepareDeploy,
  rememberDeploy,
  USAGE,
  type SettingsStores,
} from '#infra/deploy';
import { fileSettingsStore, parameterName, ssmSettingsStore } from '#infra/deploy-settings';

/**
 * Issue 31, item 7: `npm run deploy` remembers each stage's settings (an SSM parameter per stage, which a second
 * machine finds, with this machine's copy as a fallback), shows them before deploying, keeps a remembered setting a
 * redeploy leaves out, refuses a change not made explicit with --change, and refuses a stage with no mail sender or
 * contact address instead of falling back to another domain. SSM is aws-sdk-client-mock's fake, holding parameters.
 */

const ssm = mockClient(SSMClient);
/** The fake account's SSM parameters. */
let parameters: Map<string, string>;
let folders: string[] = [];

beforeEach(() => {
  parameters = new Map();
  ssm.reset();
  ssm.on(GetParameterCommand).callsFake(({ Name }: { Name: string }) => {
    const value = parameters.get(Name);
    if (value === undefined) throw new ParameterNotFound({ message: `${Name} not found`, $metadata: {} });
    return { Parameter: { Name, Value: value } };
  });
  ssm.on(PutParameterCommand).callsFake(({ Name, Value }: { Name: string; Value: string }) => {
    parameters.set(Name, Value);
    return { Version: 1 };
  });
});
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A deploying machine: the account's SSM and a cdk.out folder of its own. */
function machine(): SettingsStores & { folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'deploy-settings-'));
  folders.push(folder);
  return { shared: ssmSettingsStore(new SSMClient({ region: 'eu-west-1' })), local: fileSettingsStore(folder), folder };
}

const FIRST = [
  '--stage',
  'prod',
  '--mail-from',
  'no-reply@example.com',
  '--contact-email',
  'hello@example.com',
  '--alarm-email',
  'oncall@example.com',
  '-c',
  'googleClientId=123-abc.apps.googleusercontent.com',
];

/** Prepares a deploy of `args` on `on`, as `npm run deploy` does before running the CDK; answers what it decided. */
const prepare = (args: string[], on: SettingsStores) => prepareDeploy(parseDeployArgs(args), on);
/** A whole successful deploy's settings part: prepared, then remembered. */
async function deploy(args: string[], on: SettingsStores) {
  const prepared = await prepare(args, on);
  await rememberDeploy(prepared.plan.stage, prepared.settings, on, new Date('2026-11-28T10:00:00Z'), () => {});
  return prepared;
}

describe('npm run deploy remembers the stage’s settings', () => {
  it('keeps the remembered settings a redeploy leaves out, on another machine too, and shows them', async () => {
    await deploy(FIRST, machine());
    expect(JSON.parse(parameters.get(parameterName('prod'))!)).toEqual({
      settings: {
        mailFrom: 'no-reply@example.com',
        contactEmail: 'hello@example.com',
        alarmEmail: 'oncall@example.com',
        googleClientId: '123-abc.apps.googleusercontent.com',
      },
      deployedAt: '2026-11-28T10:00:00.000Z',
    });

    // A second machine, with no copy of its own, deploys with only the stage.
    const second = machine();
    const { plan, shown } = await prepare(['--stage', 'prod', '--yes'], second);
    expect(plan.context).toEqual({
      stage: 'prod',
      mailFrom: 'no-reply@example.com',
      contactEmail: 'hello@example.com',
      alarmEmail: 'oncall@example.com',
      googleClientId: '123-abc.apps.googleusercontent.com',
    });
    expect(deployCommands(plan).at(-1)).toEqual(
      expect.arrayContaining(['-c', 'mailFrom=no-reply@example.com', '-c', 'alarmEmail=oncall@example.com']),
    );
    expect(shown).toContain(`Settings of stage prod (remembered: SSM parameter ${parameterName('prod')}`);
    expect(shown).toMatch(/mailFrom +no-reply@example\.com +\(remembered\)/);
    expect(shown).toMatch(/stripeSecretArn +– +\(not set\)/);
  });

  it('refuses a deploy without a mail sender or contact address the stage never had', async () => {
    const refusal = prepare(['--stage', 'qa'], machine());
    await expect(refusal).rejects.toThrow(UsageError);
    await expect(refusal).rejects.toThrow(
      'Stage qa has no mail sender (an address of your SES-verified domain): give --mail-from ADDRESS.',
    );
    await expect(prepare(['--stage', 'qa', '--mail-from', 'no-reply@example.com'], machine())).rejects.toThrow(
      'Stage qa has no contact address (where contact messages go): give --contact-email ADDRESS.',
    );
    // A synthesis only deploys nothing: it shows them missing.
    const synth = await prepare(['--stage', 'qa', '--synth-only'], machine());
    expect(synth.shown).toMatch(/mailFrom +– +\(not set\)/);
    // Another stage's settings are not this one's.
    await deploy(FIRST, machine());
    await expect(prepare(['--stage', 'qa'], machine())).rejects.toThrow('Stage qa has no mail sender');
  });

  it('refuses to change a remembered setting without --change, and changes it with it', async () => {
    await deploy(FIRST, machine());
    const change = ['--stage', 'prod', '--mail-from', 'bookings@example.com'];
    await expect(prepare(change, machine())).rejects.toThrow(
      [
        'This deploy changes settings stage prod remembers:',
        '  mailFrom: remembered "no-reply@example.com", given "bookings@example.com"',
        'Add --change to change them, or leave those options out to keep the remembered values.',
      ].join('\n'),
    );
    // The same value again is no change.
    await expect(prepare(['--stage', 'prod', '--mail-from', 'no-reply@example.com'], machine())).resolves.toBeDefined();

    const { plan, shown } = await deploy([...change, '--change'], machine());
    expect(plan.context.mailFrom).toBe('bookings@example.com');
    expect(shown).toMatch(/mailFrom +bookings@example\.com +\(changed \(was no-reply@example\.com\)\)/);
    expect(JSON.parse(parameters.get(parameterName('prod'))!).settings.mailFrom).toBe('bookings@example.com');
  });

  it('removes a remembered setting only with --unset, never the mail sender or contact address', async () => {
    await deploy(FIRST, machine());
    const { plan, shown } = await deploy(['--stage', 'prod', '--unset', 'alarmEmail'], machine());
    expect(plan.context.alarmEmail).toBeUndefined();
    expect(shown).toMatch(/alarmEmail +– +\(removed \(was oncall@example\.com\)\)/);
    expect(JSON.parse(parameters.get(parameterName('prod'))!).settings.alarmEmail).toBeUndefined();
    await expect(prepare(['--stage', 'prod', '--unset', 'mailFrom'], machine())).rejects.toThrow(
      '--unset mailFrom: every stage needs a mail sender',
    );
    await expect(prepare(['--stage', 'prod', '--unset', 'alarmEmail'], machine())).rejects.toThrow(
      '--unset alarmEmail: stage prod has no alarmEmail to remove.',
    );
    expect(() => parseDeployArgs(['--stage', 'prod', '--unset', 'colour'])).toThrow(
      /^--unset takes a setting's name \(mailFrom, contactEmail, .*\), got "colour"$/,
    );
  });

  it("refuses to deploy when SSM cannot be read; a synthesis uses this machine's copy", async () => {
    const here = machine();
    await deploy(FIRST, here);
    expect(JSON.parse(readFileSync(join(here.folder, 'prod-settings.json'), 'utf8')).settings.mailFrom).toBe(
      'no-reply@example.com',
    );
    ssm.on(GetParameterCommand).rejects(new Error('AccessDeniedException: not allowed'));
    // Not this machine's copy (it may be old or missing): a deploy with fewer settings would switch features off.
    await expect(prepareDeploy(parseDeployArgs(['--stage', 'prod']), here)).rejects.toThrow(
      `Could not read SSM parameter ${parameterName('prod')} (AccessDeniedException: not allowed). The stage's settings are remembered there`,
    );
    expect(ssm.commandCalls(PutParameterCommand)).toHaveLength(1);
    // Offline (--synth-only): this machine's copy only, no SSM call.
    ssm.resetHistory();
    const offline = await prepareDeploy(parseDeployArgs(['--stage', 'prod', '--synth-only']), { local: here.local });
    expect(offline.plan.context.contactEmail).toBe('hello@example.com');
    expect(ssm.calls()).toHaveLength(0);
  });

  it('is described as it works in docs/self-hosting.md and the usage', () => {
    const doc = readFileSync(join(repoRoot, 'docs/self-hosting.md'), 'utf8').replace(/\s+/g, ' ');
    expect(doc).not.toContain('Settings are not remembered');
    expect(doc).toContain(`SSM parameter \`${parameterName('{stage}')}\``);
    expect(doc).toContain('`cdk.out/{stage}-settings.json`');
    for (const flag of ['--change', '--unset']) {
      expect(doc).toContain(`| \`${flag}`);
      expect(USAGE).toContain(`  ${flag}`);
    }
    expect(doc).toContain('A stage with no mail sender or contact address, given or remembered, is refused');
  });
});
