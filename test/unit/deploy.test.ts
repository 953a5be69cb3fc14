import { describe, expect, it } from 'vitest';

import { UsageError } from '#infra/cli-args';
import { deployCommands, parseDeployArgs } from '#infra/deploy';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789abc';

describe('npm run deploy', () => {
  it('builds, then deploys every stack of the stage with its own cloud assembly and outputs file', () => {
    const plan = parseDeployArgs(['--stage', 'prod', '--mail-from', 'no-reply@example.com']);
    expect(plan).toMatchObject({ stage: 'prod', stackName: 'Meetwise-prod', build: true, synthOnly: false });
    expect(deployCommands(plan)).toEqual([
      ['npm', 'run', 'build'],
      [
        'npx',
        'cdk',
        'deploy',
        '--all',
        '--output',
        'cdk.out/prod',
        '-c',
        'stage=prod',
        '-c',
        'mailFrom=no-reply@example.com',
        '--outputs-file',
        'cdk.out/prod-outputs.json',
      ],
    ]);
  });

  it('turns the domain options into the app context and passes -c settings through', () => {
    const plan = parseDeployArgs([
      '--stage',
      'dev',
      '--domain',
      'book.example.com',
      '--certificate-arn',
      CERTIFICATE,
      '--hosted-zone-id',
      'Z0123456789ABC',
      '--hosted-zone-name',
      'example.com',
      '-c',
      'googleClientId=123-abc.apps.googleusercontent.com',
      '--alarm-email',
      'oncall@example.com',
    ]);
    expect(plan.context).toEqual({
      stage: 'dev',
      domainName: 'book.example.com',
      certificateArn: CERTIFICATE,
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
      googleClientId: '123-abc.apps.googleusercontent.com',
      alarmEmail: 'oncall@example.com',
    });
  });

  it('synthesizes only, offline, with --synth-only; --skip-build and --yes change what it runs', () => {
    const synth = parseDeployArgs(['--stage', 'qa', '--synth-only', '--skip-build']);
    expect(deployCommands(synth)).toEqual([
      [
        ...['npx', 'cdk', 'synth', '--quiet', '--output', 'cdk.out/qa'],
        ...['-c', 'mailFrom=no-reply@example.com', '-c', 'contactEmail=hello@example.com', '-c', 'stage=qa'],
      ],
    ]);
    // A deploy never gets example addresses: the stage's own or a refusal (infra/cdk/app.ts).
    expect(deployCommands(parseDeployArgs(['--stage', 'qa', '--skip-build'])).flat()).not.toContain(
      'mailFrom=no-reply@example.com',
    );
    const unattended = deployCommands(parseDeployArgs(['--stage', 'qa', '--yes']));
    expect(unattended.at(-1)!.slice(-2)).toEqual(['--require-approval', 'never']);
  });

  it.each([
    [[], '--stage is required: which stage to deploy (for example dev or prod)'],
    [['--stage'], '--stage needs a value'],
    [['--stage', '--yes'], '--stage needs a value'],
    [
      ['--stage', 'Prod'],
      'Stage "Prod" must be 1 to 16 lower-case letters, digits or hyphens, starting with a letter (for example dev or prod)',
    ],
    [
      ['--stage', 'a-very-long-stage-name'],
      'Stage "a-very-long-stage-name" must be 1 to 16 lower-case letters, digits or hyphens, starting with a letter (for example dev or prod)',
    ],
    [['--stage', 'dev', '--force'], 'Unknown option "--force"'],
    [['--stage', 'dev', '-c', 'novalue'], '-c takes key=value, got "novalue"'],
    [
      ['--stage', 'dev', '--domain', 'book.example.com'],
      '--domain needs --certificate-arn: an ACM certificate in us-east-1 covering it',
    ],
    [
      [
        '--stage',
        'dev',
        '--domain',
        'a.example.com',
        '--certificate-arn',
        CERTIFICATE.replace('us-east-1', 'eu-west-1'),
      ],
      `certificateArn must be an ACM certificate in us-east-1 (arn:aws:acm:us-east-1:…), got "${CERTIFICATE.replace('us-east-1', 'eu-west-1')}"`,
    ],
    [
      ['--stage', 'dev', '--hosted-zone-id', 'Z1', '--domain', 'a.example.com', '--certificate-arn', CERTIFICATE],
      '--hosted-zone-id and --hosted-zone-name go together',
    ],
    [
      ['--stage', 'dev', '--hosted-zone-id', 'Z1', '--hosted-zone-name', 'example.com'],
      '--hosted-zone-id needs --domain',
    ],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseDeployArgs(args)).toThrow(new UsageError(message));
  });
});
