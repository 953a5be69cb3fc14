import { createHash } from 'node:crypto';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct, type IDependable } from 'constructs';

import type { RepublishAllEvent } from '#functions/jobs/publishBookingPages';
import { acknowledgeCustomResourceProvider } from '#infra/cdk/nag';

export interface RepublishOnDeployProps {
  /** The booking page publisher (functions/src/jobs/publishBookingPages.ts). */
  publisher: lambda.IFunction;
  /** The built shells (book.html, team.html) this deploy uploads: a new shell republishes every page. */
  shellHtml: string;
  /** The upload of the shell: the pages are republished after it. */
  after: IDependable;
  /** Where an invocation that failed its retries goes (the publisher's dead-letter queue, with its alarm). */
  deadLetters: sqs.IQueue;
}

/**
 * Renders every booking page again after a deploy that changed the page shell (new hashed scripts, a new renderer):
 * a custom resource invokes the publisher asynchronously with `{ republishAll: true }` whenever the shell's hash
 * changes. Asynchronous so a deploy does not wait for thousands of pages; retried twice, then dead-lettered.
 * Meanwhile the pages already published keep working: the hashed files they name are kept across deploys.
 */
export class RepublishOnDeploy extends Construct {
  constructor(scope: Construct, id: string, props: RepublishOnDeployProps) {
    super(scope, id);
    props.publisher.configureAsyncInvoke({
      retryAttempts: 2,
      onFailure: new destinations.SqsDestination(props.deadLetters),
    });
    const shellHash = createHash('sha256').update(props.shellHtml).digest('hex').slice(0, 16);
    const event: RepublishAllEvent = { republishAll: true };
    const invoke: cr.AwsSdkCall = {
      service: 'Lambda',
      action: 'invoke',
      parameters: {
        FunctionName: props.publisher.functionArn,
        InvocationType: 'Event',
        Payload: JSON.stringify(event),
      },
      physicalResourceId: cr.PhysicalResourceId.of(`republish-${shellHash}`),
    };
    const republish = new cr.AwsCustomResource(this, 'Republish', {
      onCreate: invoke,
      onUpdate: invoke,
      installLatestAwsSdk: false,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.publisher.functionArn] }),
      ]),
    });
    republish.node.addDependency(props.after);
    acknowledgeCustomResourceProvider(republish);
  }
}
