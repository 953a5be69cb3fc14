import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Stages: one CloudFormation stack (and its us-east-1 companion) per stage, `Meetwise-{stage}`. Every physical name
 * the stack makes (table, buckets, functions, SES configuration set, schedule group) derives from the stack, so two
 * stages in one account share nothing: a test stage cannot reach production data.
 */

/** Lower-case letters, digits and hyphens, starting with a letter: it goes into stack and resource names. */
export const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

/** The stage `npx cdk synth` uses when none is given (`npm run deploy` always names one). */
export const DEFAULT_STAGE = 'dev';

export function checkStage(stage: string): string {
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `Stage "${stage}" must be 1 to 16 lower-case letters, digits or hyphens, starting with a letter (for example dev or prod)`,
    );
  }
  return stage;
}

/** The stack id and name of a stage. */
export const stageStackName = (stage: string): string => `Meetwise-${checkStage(stage)}`;

/** A custom domain's certificate must be in us-east-1: CloudFront reads certificates from there only. */
export function checkCertificateArn(arn: string): string {
  if (!/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(arn)) {
    throw new Error(`certificateArn must be an ACM certificate in us-east-1 (arn:aws:acm:us-east-1:…), got "${arn}"`);
  }
  return arn;
}

/** The top-level stack a construct is in, through any nested stacks: the stage's own names derive from it. */
export function rootStackOf(scope: IConstruct): Stack {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack;
}

/**
 * The CloudWatch namespace of the service's own metrics in a stage: its stack's name, so two stages in one account
 * never add to each other's metrics or wake each other's alarms (the functions get it as METRICS_NAMESPACE).
 */
export const metricsNamespaceOf = (scope: IConstruct): string => rootStackOf(scope).stackName;
