import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The outer fence (issue 13, item 10): an AWS WAF web ACL on the CloudFront distribution with rate-based rules per
 * client IP, evaluated at the edge before a request reaches API Gateway or a function. The per-address limits in
 * DynamoDB (functions/src/domain/abuse-limits.ts) stay the precise inner rules; these only stop floods that would
 * cost money or starve others long before those rules answer. WAF counts over a sliding 5-minute window.
 * A CLOUDFRONT-scoped web ACL lives in us-east-1, so the stack is deployed there (README "Deploying").
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

export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
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
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      description: 'Meetwise: per-IP rate limits at the edge',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('meetwise-edge'),
      // The spec's error shape for a refused request: JSON `{ message }` with 429. (WAF prefixes custom header names
      // with x-amzn-waf-, so it cannot send a plain Retry-After; the message names the wait instead.)
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: 'Too many requests from your network. Please try again in a few minutes.', code: 'TOO_MANY_REQUESTS' }),
        },
      },
      rules: [
        {
          name: 'api-writes-per-ip',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests'} } },
          statement: {
            rateBasedStatement: { aggregateKeyType: 'IP', limit: WAF_RATE_LIMITS.apiWritesPer5Minutes, scopeDownStatement: apiWrite },
          },
          visibilityConfig: visibility('meetwise-api-writes-per-ip'),
        },
        {
          name: 'all-requests-per-ip',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests'} } },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: WAF_RATE_LIMITS.allRequestsPer5Minutes } },
          visibilityConfig: visibility('meetwise-all-requests-per-ip'),
        },
      ],
    });
  }
}
