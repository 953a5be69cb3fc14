import { marshall } from '@aws-sdk/util-dynamodb';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

import type { RouteDefinition } from '#shared/api/routes';
import { normalizePromoCode, SEED_PROMO_CODES, type PromoCode } from '#shared/rules/pricing';
import { acknowledgeCustomResourceProvider } from '#infra/cdk/nag';

/**
 * The billing routes (issue 18) live in a nested stack of their own ("Billing"): the plans and payments calls and
 * Stripe's webhook. Only the rows with needs.billing talk to Stripe and may read the Stripe secret; one of those lives
 * with the account routes (deleting an account cancels its subscription first, issue 30).
 */
export const isBillingRoute = (route: RouteDefinition): boolean => /^\/api\/(subscription|stripe)[/-]/.test(route.path);

/**
 * Demo payments (`BILLING=demo npm start`: the bundled fake Stripe, issue 30) are for one machine only: a synth or
 * deploy asked with them stops here (the functions' configuration refuses BILLING_DEMO away from a loopback fake too).
 */
export function refuseDemoBilling(env: Record<string, string | undefined>): void {
  if (env.BILLING?.trim() || env.BILLING_DEMO === 'true') {
    throw new Error(
      'BILLING=demo (the bundled fake Stripe) is for npm start on one machine only, never in the cloud: unset BILLING and BILLING_DEMO, and give -c stripePublishableKey and -c stripeSecretArn for real payments.',
    );
  }
}

export interface PromoCodeSeedProps {
  table: dynamodb.ITableV2;
  /** Default: shared/rules/pricing.ts SEED_PROMO_CODES. */
  codes?: readonly PromoCode[];
}

/**
 * The promo codes a new installation starts with, written into the table once when the stack is first deployed
 * (a put that never replaces an existing code), so they are data from then on: an operator changes or retires a
 * code in the table (docs/self-hosting.md) without a deploy, and later deploys leave it as it is.
 */
export class PromoCodeSeed extends Construct {
  constructor(scope: Construct, id: string, props: PromoCodeSeedProps) {
    super(scope, id);
    for (const [index, promo] of (props.codes ?? SEED_PROMO_CODES).entries()) {
      const key = { pk: `PROMO#${normalizePromoCode(promo.code)}`, sk: 'PROMO' };
      const seed = new cr.AwsCustomResource(this, `Code${index}`, {
        installLatestAwsSdk: false,
        onCreate: {
          service: 'DynamoDB',
          action: 'putItem',
          parameters: {
            TableName: props.table.tableName,
            Item: marshall({ ...key, type: 'PromoCode', ...promo }, { removeUndefinedValues: true }),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
          physicalResourceId: cr.PhysicalResourceId.of(`promo-${key.pk}`),
          // A code already in the table (kept from an earlier deployment) stays as the operator left it.
          ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
        },
        policy: cr.AwsCustomResourcePolicy.fromStatements([
          new iam.PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] }),
        ]),
      });
      acknowledgeCustomResourceProvider(seed);
    }
  }
}
