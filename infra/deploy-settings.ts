import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetParameterCommand, ParameterNotFound, PutParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';

import { UsageError } from '#infra/cli-args';

/**
 * The deploy settings a stage remembers (issue 31, item 7): what `npm run deploy` was given last for the stage, so a
 * redeploy that leaves a flag out keeps the setting instead of silently turning a feature off.
 *
 * Where: an SSM parameter per stage, `/meetwise/{stage}/deploy-settings` (a String of JSON, in the stage's account and
 * region), written after each successful deploy, so a second machine deploying the stage finds them; and a copy on
 * this machine, `cdk.out/{stage}-settings.json`, used by `--synth-only` (offline); a deploy that cannot read the
 * parameter is refused. Nothing secret is in them: the Google and Stripe secrets are Secrets Manager ARNs.
 */

/** The remembered settings: the CDK context keys of infra/cdk/meetwise-app.ts. */
export const REMEMBERED_SETTINGS = [
  'mailFrom',
  'contactEmail',
  'adminEmails',
  'alarmEmail',
  'domainName',
  'certificateArn',
  'hostedZoneId',
  'hostedZoneName',
  'googleClientId',
  'googleClientSecretArn',
  'stripePublishableKey',
  'stripeSecretArn',
  'mailRatePerSecond',
] as const;

export type SettingName = (typeof REMEMBERED_SETTINGS)[number];
export type Settings = Partial<Record<SettingName, string>>;

/** Settings every stage must have, with the flag that gives each and what it is. */
export const REQUIRED_SETTINGS: Partial<Record<SettingName, { flag: string; what: string }>> = {
  mailFrom: { flag: '--mail-from ADDRESS', what: 'mail sender (an address of your SES-verified domain)' },
  contactEmail: { flag: '--contact-email ADDRESS', what: 'contact address (where contact messages go)' },
};

export const isSettingName = (name: string): name is SettingName =>
  (REMEMBERED_SETTINGS as readonly string[]).includes(name);

/** A stage's settings as stored: the settings and when they were deployed. */
export interface StoredSettings {
  settings: Settings;
  deployedAt: string;
}

export interface SettingsStore {
  /** Where the settings are kept, for messages. */
  where(stage: string): string;
  /** The stage's settings; none when it never had any here. Throws when they cannot be read. */
  read(stage: string): Promise<StoredSettings | undefined>;
  write(stage: string, stored: StoredSettings): Promise<void>;
}

export const parameterName = (stage: string) => `/meetwise/${stage}/deploy-settings`;

/** Only the remembered settings of an object read back (anything else is dropped). */
function settingsOf(value: unknown): StoredSettings | undefined {
  const stored = value as Partial<StoredSettings> | null;
  if (typeof stored?.settings !== 'object' || stored.settings === null) return undefined;
  const settings: Settings = {};
  for (const [name, setting] of Object.entries(stored.settings)) {
    if (isSettingName(name) && typeof setting === 'string' && setting !== '') settings[name] = setting;
  }
  return { settings, deployedAt: typeof stored.deployedAt === 'string' ? stored.deployedAt : 'unknown' };
}

/** The SSM parameter of each stage: what a second machine finds. */
export function ssmSettingsStore(client: Pick<SSMClient, 'send'>): SettingsStore {
  return {
    where: (stage) => `SSM parameter ${parameterName(stage)}`,
    async read(stage) {
      try {
        const { Parameter } = await client.send(new GetParameterCommand({ Name: parameterName(stage) }));
        return settingsOf(JSON.parse(Parameter?.Value ?? 'null'));
      } catch (error) {
        if (error instanceof ParameterNotFound || (error as Error).name === 'ParameterNotFound') return undefined;
        throw error;
      }
    },
    async write(stage, stored) {
      await client.send(
        new PutParameterCommand({
          Name: parameterName(stage),
          Description: `Meetwise ${stage}: the settings of its last deploy (npm run deploy)`,
          Type: 'String',
          Overwrite: true,
          Value: JSON.stringify(stored),
        }),
      );
    },
  };
}

/** This machine's copy, in `folder` (cdk.out): `{stage}-settings.json`. */
export function fileSettingsStore(folder: string): SettingsStore {
  const file = (stage: string) => join(folder, `${stage}-settings.json`);
  return {
    where: (stage) => `this machine's copy ${file(stage)}`,
    async read(stage) {
      try {
        return settingsOf(JSON.parse(await readFile(file(stage), 'utf8')));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(stage, stored) {
      await mkdir(folder, { recursive: true });
      const temporary = `${file(stage)}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(stored, null, 2)}\n`);
      await rename(temporary, file(stage));
    },
  };
}

/** The stage's remembered settings: the shared store's (refused when it cannot be read), or this machine's copy offline. */
export async function readRemembered(
  stage: string,
  stores: { shared?: SettingsStore; local: SettingsStore },
): Promise<{ stored?: StoredSettings; from: string }> {
  if (stores.shared) {
    try {
      return { stored: await stores.shared.read(stage), from: stores.shared.where(stage) };
    } catch (error) {
      // Never a guess: this machine's copy may be missing or old, and a deploy with fewer settings than the stage has
      // would switch features off and then be remembered so (issue 31).
      throw new UsageError(
        `Could not read ${stores.shared.where(stage)} (${(error as Error).message}). The stage's settings are remembered there; deploying without them could switch features off. Give the deploying credentials ssm:GetParameter (and ssm:PutParameter) and deploy again.`,
      );
    }
  }
  return { stored: await stores.local.read(stage), from: stores.local.where(stage) };
}

/** How a setting comes to this deploy. */
export type SettingSource = 'remembered' | 'given' | 'changed' | 'removed' | 'not set';

export interface SettingRow {
  name: SettingName;
  value?: string;
  source: SettingSource;
  /** The remembered value a change or removal replaces. */
  before?: string;
}

/**
 * This deploy's settings: each given one, else the remembered one. A given value that differs from the remembered
 * one is refused without `change` (changing a setting is explicit); `unset` removes remembered ones. A deploy of a
 * stage with no mail sender or contact address, given or remembered, is refused: it never falls back to another
 * domain (a synthesis only, which deploys nothing, just shows them as not set).
 */
export function decideSettings(
  stage: string,
  given: Settings,
  remembered: Settings | undefined,
  options: {
    change: boolean;
    unset: readonly SettingName[];
    /** A synthesis only (offline, nothing deployed): a missing mail sender or contact address is shown, not refused. */
    synthOnly?: boolean;
  },
): { settings: Settings; rows: SettingRow[] } {
  const settings: Settings = {};
  const rows: SettingRow[] = [];
  const conflicts: string[] = [];
  const problems: string[] = [];
  for (const name of REMEMBERED_SETTINGS) {
    const now = given[name];
    const before = remembered?.[name];
    if (options.unset.includes(name)) {
      if (REQUIRED_SETTINGS[name])
        problems.push(`--unset ${name}: every stage needs a ${REQUIRED_SETTINGS[name].what}.`);
      else if (now !== undefined) problems.push(`--unset ${name} and a value for it: choose one.`);
      else if (before === undefined) problems.push(`--unset ${name}: stage ${stage} has no ${name} to remove.`);
      else rows.push({ name, source: 'removed', before });
      continue;
    }
    if (now !== undefined && before !== undefined && now !== before) {
      if (!options.change) conflicts.push(`  ${name}: remembered "${before}", given "${now}"`);
      settings[name] = now;
      rows.push({ name, value: now, source: 'changed', before });
    } else if (now !== undefined) {
      settings[name] = now;
      rows.push({ name, value: now, source: before === undefined ? 'given' : 'remembered' });
    } else if (before !== undefined) {
      settings[name] = before;
      rows.push({ name, value: before, source: 'remembered' });
    } else {
      rows.push({ name, source: 'not set' });
    }
  }
  for (const [name, required] of Object.entries(REQUIRED_SETTINGS)) {
    if (options.synthOnly) break;
    if (settings[name as SettingName] === undefined && !options.unset.includes(name as SettingName)) {
      problems.push(
        `Stage ${stage} has no ${required.what}: give ${required.flag}. A deploy never falls back to another domain's address.`,
      );
    }
  }
  if (conflicts.length > 0) {
    problems.push(
      [
        `This deploy changes settings stage ${stage} remembers:`,
        ...conflicts,
        'Add --change to change them, or leave those options out to keep the remembered values.',
      ].join('\n'),
    );
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return { settings, rows };
}

/** The settings as shown before deploying. */
export function settingsTable(stage: string, from: string, rows: readonly SettingRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  const lines = rows.map((row) => {
    const value = row.value ?? '–';
    const note =
      row.source === 'changed'
        ? `changed (was ${row.before})`
        : row.source === 'removed'
          ? `removed (was ${row.before})`
          : row.source;
    return `  ${row.name.padEnd(width)}  ${value}  (${note})`;
  });
  return [`Settings of stage ${stage} (remembered: ${from}):`, ...lines].join('\n');
}
