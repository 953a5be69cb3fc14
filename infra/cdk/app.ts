import { App } from 'aws-cdk-lib';
import { MeetwiseStack } from './stack.ts';

/**
 * The CDK app (`npx cdk synth` / `deploy`, see cdk.json). Deploy-time values come from context:
 *   -c mailFrom=no-reply@example.com -c contactEmail=hello@example.com
 *   -c adminEmails=you@example.com,ops@example.com   (optional: administrator accounts)
 *   -c googleClientId=1234-abc.apps.googleusercontent.com -c googleClientSecretArn=arn:aws:secretsmanager:…
 *        (optional, together: Google sign-in; the secret holds the OAuth client secret as plain text)
 *   -c domainName=meetwise.example.com -c certificateArn=arn:aws:acm:us-east-1:…   (optional, together)
 *   -c siteDir=path/to/dist   (optional; default frontend/dist)
 * The stack is environment-agnostic: account and region come from the deploying credentials.
 */
const app = new App();

const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
};

new MeetwiseStack(app, 'Meetwise', {
  description: 'Meetwise: appointment scheduling (site, API, data)',
  mailFrom: context('mailFrom') ?? 'no-reply@meetwise.app',
  contactEmail: context('contactEmail') ?? 'hello@meetwise.app',
  adminEmails: context('adminEmails'),
  googleClientId: context('googleClientId'),
  googleClientSecretArn: context('googleClientSecretArn'),
  domainName: context('domainName'),
  certificateArn: context('certificateArn'),
  siteDir: context('siteDir'),
});
