import { Aws, CfnRule, Fn, Stack, Token } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The outer fence (issue 13, item 10): an AWS WAF web ACL on the CloudFront distribution with rate-based rules per
 * client IP, evaluated at the edge before a request reaches API Gateway or a function. The per-address limits in
 * DynamoDB (functions/src/domain/abuse-limits.ts) stay the precise inner rules; these only stop floods that would
 * cost money or starve others long before those rules answer. WAF counts over a sliding 5-minute window.
 *
 * AWS creates CLOUDFRONT-scoped web ACLs only in us-east-1. So where the ACL lives follows the stack's region:
 * - us-east-1: in the stack itself, as any other resource;
 * - another region: in a small companion stack in us-east-1, `<StackName>-Edge` (see edgeStackOf), whose ACL ARN the
 *   distribution reads through a CDK cross-region reference (the app sets `crossRegionReferences`; with cdk.json's
 *   weak references that is an `Fn::GetStackOutput` of the edge stack's output). The main stack depends on the edge
 *   stack, so `cdk deploy --all` (or `cdk deploy <StackName>`) deploys the edge stack first;
 * - unknown (an environment-agnostic stack, which no cross-region reference can reach): in the stack itself, with a
 *   template rule that refuses a deployment outside us-east-1 before anything is created.
 *   infra/cdk/app.ts gives the stack the CLI's region (CDK_DEFAULT_REGION), so `cdk deploy` never lands here.
 */
export const WAF_RATE_LIMITS = {
  /** Any request to the site or the API: a person browsing makes a few hundred requests in five minutes. */
  allRequestsPer5Minutes: 2000,
  /** Writes to the API (bookings, sign-ups, sign-ins, contact): a person makes a handful. */
  apiWritesPer5Minutes: 300,
} as const;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** The only region where AWS creates CLOUDFRONT-scoped web ACLs. */
export const WEB_ACL_REGION = 'us-east-1';

/**
 * The us-east-1 companion of `stack` (`<StackName>-Edge`, a sibling in the same app or stage, same account), made
 * on first use.
 */
export function edgeStackOf(stack: Stack): Stack {
  const parent = stack.node.scope;
  if (!parent) throw new Error(`Stack ${stack.node.path} has no parent app to hold its us-east-1 edge stack`);
  const id = `${stack.node.id}-Edge`;
  const existing = parent.node.tryFindChild(id);
  if (existing) {
    if (!Stack.isStack(existing)) throw new Error(`${existing.node.path} is not a stack`);
    return existing;
  }
  return new Stack(parent, id, {
    stackName: `${stack.stackName}-Edge`,
    description: `${stack.stackName}: the CloudFront web ACL (CLOUDFRONT-scoped WAF lives only in ${WEB_ACL_REGION})`,
    env: { region: WEB_ACL_REGION, ...(Token.isUnresolved(stack.account) ? {} : { account: stack.account }) },
    crossRegionReferences: true,
  });
}

export class EdgeFirewall extends Construct {
  /** The web ACL: in this construct's stack when that is in us-east-1 (or region-agnostic), else in `edgeStack`. */
  readonly webAcl: wafv2.CfnWebACL;
  /** The us-east-1 companion stack holding the web ACL, when this construct's stack is in another region. */
  readonly edgeStack?: Stack;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    /** Where the ACL goes when not in this construct: its namesake in the edge stack. */
    let edgeHome: Construct | undefined;
    if (Token.isUnresolved(stack.region)) {
      new CfnRule(this, 'OnlyInUsEast1', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, WEB_ACL_REGION),
            assertDescription:
              `This template holds a CLOUDFRONT-scoped WAF web ACL, which AWS creates only in ${WEB_ACL_REGION}. ` +
              'Synthesize the CDK app with a region (cdk deploy does) to deploy elsewhere.',
          },
        ],
      });
    } else if (stack.region !== WEB_ACL_REGION) {
      this.edgeStack = edgeStackOf(stack);
      edgeHome = new Construct(this.edgeStack, id);
    }
    const apiWrite: wafv2.CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: '/api/',
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          {
            notStatement: {
              statement: {
                byteMatchStatement: {
                  fieldToMatch: { method: {} },
                  positionalConstraint: 'EXACTLY',
                  searchString: 'GET',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        ],
      },
    };
    this.webAcl = new wafv2.CfnWebACL(edgeHome ?? this, 'WebAcl', {
      description: 'Meetwise: per-IP rate limits at the edge',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('meetwise-edge'),
      // The spec's error shape for a refused request: JSON `{ message }` with 429. (WAF prefixes custom header names
      // with x-amzn-waf-, so it cannot send a plain Retry-After; the message names the wait instead.)
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            message: 'Too many requests from your network. Please try again in a few minutes.',
            code: 'TOO_MANY_REQUESTS',
          }),
        },
      },
      rules: [
        {
          name: 'api-writes-per-ip',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: WAF_RATE_LIMITS.apiWritesPer5Minutes,
              scopeDownStatement: apiWrite,
            },
          },
          visibilityConfig: visibility('meetwise-api-writes-per-ip'),
        },
        {
          name: 'all-requests-per-ip',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: WAF_RATE_LIMITS.allRequestsPer5Minutes } },
          visibilityConfig: visibility('meetwise-all-requests-per-ip'),
        },
      ],
    });
  }
}
