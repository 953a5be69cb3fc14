import type { App } from 'aws-cdk-lib';

import { refuseDemoBilling } from '#infra/cdk/billing';
import { checkWithCdkNag } from '#infra/cdk/nag';
import { MeetwiseStack, ROTATED_SECRETS, type RotatedSecret } from '#infra/cdk/stack';
import { DEFAULT_STAGE, stageStackName } from '#infra/cdk/stage';

/**
 * The shell the app runs in (`process.env` for the CLI): it reads the CLI's deploy target (CDK_DEFAULT_ACCOUNT,
 * CDK_DEFAULT_REGION), and BILLING / BILLING_DEMO only to refuse them.
 */
export type MeetwiseAppEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The CDK app's stacks, defined on `app`: infra/cdk/app.ts runs this for the CLI, the infra tests in their own process
 * (`npx cdk synth` / `deploy`, see cdk.json; `npm run deploy -- --stage NAME` builds and deploys one
 * stage, infra/deploy.ts). Deploy-time values come from context:
 *   -c stage=prod   (default dev: the stack `Meetwise-{stage}` and its own table, buckets and names)
 *   -c mailFrom=no-reply@example.com -c contactEmail=hello@example.com
 *   -c adminEmails=you@example.com,ops@example.com   (optional: administrator accounts)
 *   -c googleClientId=1234-abc.apps.googleusercontent.com -c googleClientSecretArn=arn:aws:secretsmanager:…
 *        (optional, together: Google sign-in; the secret holds the OAuth client secret as plain text)
 *   -c stripePublishableKey=pk_live_… -c stripeSecretArn=arn:aws:secretsmanager:…
 *        (optional, together: billing; the secret holds JSON { "secretKey": "sk_…", "webhookSecret": "whsec_…" })
 *   -c domainName=meetwise.example.com -c certificateArn=arn:aws:acm:us-east-1:…   (optional, together)
 *   -c hostedZoneId=Z0123456789ABC -c hostedZoneName=example.com   (optional, with domainName: Route 53 records)
 *   -c siteDir=path/to/dist   (optional; default frontend/dist)
 *   -c alarmEmail=oncall@example.com   (optional: subscribes the address to the operator alarms' SNS topic)
 *   -c mailRatePerSecond=14   (optional: the stage's booking mail rate; the lower of it and SES's own is kept)
 *   -c acceptPreviousSecrets=session,origin   (only during a secret rotation's grace period: the functions also
 *        accept the previous value of those generated secrets; docs/operations.md "Rotating secrets")
 *   -c originSecretSent=previous   (only for the first deploy of an origin secret rotation: CloudFront keeps sending
 *        the previous value while the functions learn the new one)
 * Account and region are the deploying credentials' (the CLI sets CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION, the
 * region defaulting to us-east-1), so it deploys to any region: outside us-east-1 the CloudFront web ACL goes to a
 * companion stack `Meetwise-{stage}-Edge` in us-east-1 (infra/cdk/waf.ts), read through a cross-region reference.
 */
export function defineMeetwiseApp(app: App, env: MeetwiseAppEnvironment): void {
  // Demo payments never reach the cloud (issue 30).
  refuseDemoBilling(env);
  // AWS's own rules (cdk-nag's AwsSolutions pack): synth and deploy stop on any finding not fixed or acknowledged.
  checkWithCdkNag(app);
  // The CLI's deploy target (from the credentials and AWS config), not application configuration.
  const { CDK_DEFAULT_ACCOUNT: account, CDK_DEFAULT_REGION: region } = env;

  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
    return value;
  };

  /**
   * A setting every stage needs and no default can stand in for (issue 31): mail would otherwise go out as somebody
   * else's domain. `npm run deploy` remembers both per stage; `npm run synth` passes example addresses.
   */
  const required = (key: string, what: string): string => {
    const value = context(key);
    if (value === undefined) {
      throw new Error(
        `Context "${key}" (${what}) is required: pass -c ${key}=… (npm run deploy remembers it per stage, docs/self-hosting.md).`,
      );
    }
    return value;
  };

  const stage = context('stage') ?? DEFAULT_STAGE;
  const acceptPreviousSecrets = (context('acceptPreviousSecrets') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      if (!(ROTATED_SECRETS as readonly string[]).includes(name)) {
        throw new Error(`Context "acceptPreviousSecrets": "${name}" is not one of ${ROTATED_SECRETS.join(', ')}`);
      }
      return name as RotatedSecret;
    });
  const originSecretSent = context('originSecretSent');
  if (originSecretSent !== undefined && originSecretSent !== 'current' && originSecretSent !== 'previous') {
    throw new Error('Context "originSecretSent" must be current or previous');
  }
  new MeetwiseStack(app, stageStackName(stage), {
    description: `Meetwise (${stage}): appointment scheduling (site, API, data)`,
    env: { account, region },
    tags: { 'meetwise:stage': stage },
    crossRegionReferences: true,
    mailFrom: required('mailFrom', 'the address booking mail is sent from'),
    contactEmail: required('contactEmail', 'where the contact form and replies go'),
    adminEmails: context('adminEmails'),
    googleClientId: context('googleClientId'),
    googleClientSecretArn: context('googleClientSecretArn'),
    stripePublishableKey: context('stripePublishableKey'),
    stripeSecretArn: context('stripeSecretArn'),
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    hostedZoneId: context('hostedZoneId'),
    hostedZoneName: context('hostedZoneName'),
    siteDir: context('siteDir'),
    alarmEmail: context('alarmEmail'),
    ...(context('mailRatePerSecond') ? { mailRatePerSecond: Number(context('mailRatePerSecond')) } : {}),
    acceptPreviousSecrets,
    ...(originSecretSent ? { originSecretSent } : {}),
  });
}
