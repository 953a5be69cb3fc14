import * as z from 'zod/mini';

import { optional, type Values, type VariableCheck } from '#functions/config/variables';

/** EventBridge Scheduler for the booking timers (the cloud; CDK sets all five variables). */
export interface SchedulerConfig {
  groupName: string;
  /** The role the scheduler assumes to invoke the targets (the only role the creator may pass). */
  roleArn: string;
  deadLetterArn: string;
  /** The job Lambda of each timer kind. */
  targets: { reminder: string; 'pending-expiry': string };
}

const LAMBDA_ARN = /^arn:aws[\w-]*:lambda:[\w-]+:\d{12}:function:[\w-]+$/;

export const schedulerVariables = {
  SCHEDULER_GROUP: optional(
    z.string().check(z.regex(/^[0-9A-Za-z_.-]{1,64}$/, 'must be an EventBridge Scheduler group name')),
  ),
  SCHEDULER_ROLE_ARN: optional(
    z.string().check(z.regex(/^arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/, 'must be an IAM role ARN')),
  ),
  SCHEDULER_DLQ_ARN: optional(
    z.string().check(z.regex(/^arn:aws[\w-]*:sqs:[\w-]+:\d{12}:[\w-]+$/, 'must be an SQS queue ARN')),
  ),
  REMINDER_FUNCTION_ARN: optional(z.string().check(z.regex(LAMBDA_ARN, 'must be a Lambda function ARN'))),
  EXPIRY_FUNCTION_ARN: optional(z.string().check(z.regex(LAMBDA_ARN, 'must be a Lambda function ARN'))),
};

/** All five or none. */
export const schedulerChecks: VariableCheck<typeof schedulerVariables> = (env, context) => {
  const scheduler = [
    'SCHEDULER_GROUP',
    'SCHEDULER_ROLE_ARN',
    'SCHEDULER_DLQ_ARN',
    'REMINDER_FUNCTION_ARN',
    'EXPIRY_FUNCTION_ARN',
  ] as const;
  const set = scheduler.filter((name) => env[name]);
  if (set.length > 0 && set.length < scheduler.length) {
    for (const name of scheduler.filter((missing) => !env[missing])) {
      context.addIssue({ code: 'custom', path: [name], message: `is needed with ${set.join(', ')}` });
    }
  }
};

/** The scheduler, when all five are set (Config['scheduler']). */
export const schedulerOf = (env: Values<typeof schedulerVariables>): SchedulerConfig | null =>
  env.SCHEDULER_GROUP &&
  env.SCHEDULER_ROLE_ARN &&
  env.SCHEDULER_DLQ_ARN &&
  env.REMINDER_FUNCTION_ARN &&
  env.EXPIRY_FUNCTION_ARN
    ? {
        groupName: env.SCHEDULER_GROUP,
        roleArn: env.SCHEDULER_ROLE_ARN,
        deadLetterArn: env.SCHEDULER_DLQ_ARN,
        targets: { reminder: env.REMINDER_FUNCTION_ARN, 'pending-expiry': env.EXPIRY_FUNCTION_ARN },
      }
    : null;
