import { Validations, type PolicyValidationPluginReport, type Stage } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Construct, type IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions rules over the whole app (every stack, nested stacks included). cdk-nag 3 is a CDK policy
 * validation plugin: `cdk synth` and `cdk deploy` stop with a report when a finding is neither fixed nor acknowledged.
 * Findings are acknowledged next to the construct that causes them, with the reason (acknowledgeNag below); none is
 * acknowledged for the whole app. test/infra/production-review.test.ts lists what is left (cdkNagFindings).
 */

/** A cdk-nag finding accepted on a construct and everything under it, and why. */
export interface NagAcknowledgment {
  /**
   * The finding as cdk-nag names it: a rule (`AwsSolutions-SQS3`) or one finding of a rule
   * (`AwsSolutions-IAM5[Resource::*]`, `AwsSolutions-IAM5[Action::s3:Abort*]`). In an id, `<ref>` stands for one
   * reference to a resource (`<DataTableFDBAD0F2.Arn>`, or `<referencetoMeetwiseDataTable629ECF6BArn>` in a nested
   * stack), since logical ids differ between stacks and stages; `<AWS::Partition>`, `<AWS::Region>` and
   * `<AWS::AccountId>` also match the literal value a stack with a known environment has in their place.
   */
  id: string;
  /** Why the finding is accepted: what a reviewer needs to agree with it. */
  reason: string;
}

/** What each placeholder of an acknowledged id matches. */
const PLACEHOLDERS: Record<string, string> = {
  '<ref>': '<[^<>]+>',
  '<AWS::Partition>': '(?:<AWS::Partition>|aws[a-z-]*)',
  '<AWS::Region>': '(?:<AWS::Region>|[a-z]{2}(?:-[a-z]+)+-\\d)',
  '<AWS::AccountId>': '(?:<AWS::AccountId>|\\d{12})',
};
const PLACEHOLDER = new RegExp(`(${Object.keys(PLACEHOLDERS).join('|')})`, 'u');
/** Construct metadata holding the acknowledgments with a placeholder (cdk-nag itself matches ids exactly). */
const PATTERN_ACKNOWLEDGMENTS = 'meetwise:nag-acknowledged';

/**
 * Accepts findings on `scope` and everything under it. Exact ids go through CDK's own `Validations.acknowledge`
 * (which cdk-nag reads); ids with a placeholder are kept on the construct and matched by the checks below.
 */
export function acknowledgeNag(scope: IConstruct, ...acknowledgments: NagAcknowledgment[]): void {
  for (const { id, reason } of acknowledgments) {
    if (!/^AwsSolutions-\w+/.test(id)) throw new Error(`Not an AwsSolutions finding id: "${id}"`);
    if (!reason.trim()) throw new Error(`Acknowledging ${id} needs a reason`);
    if (PLACEHOLDER.test(id)) scope.node.addMetadata(PATTERN_ACKNOWLEDGMENTS, { id, reason });
    else Validations.of(scope).acknowledge({ id, reason });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An acknowledged id with placeholders as a pattern of the finding ids it accepts. */
const idPattern = (id: string) =>
  new RegExp(
    `^${id
      .split(PLACEHOLDER)
      .map((part) => PLACEHOLDERS[part] ?? escapeRegExp(part))
      .join('')}$`,
    'u',
  );

/** The acknowledgments with placeholders on a construct and its ancestors. */
function patternAcknowledgments(construct: IConstruct): RegExp[] {
  const patterns: RegExp[] = [];
  for (let current: IConstruct | undefined = construct; current; current = current.node.scope) {
    for (const entry of current.node.metadata) {
      if (entry.type === PATTERN_ACKNOWLEDGMENTS) patterns.push(idPattern((entry.data as NagAcknowledgment).id));
    }
  }
  return patterns;
}

/** AwsSolutionsChecks that also honours the acknowledgments with placeholders (acknowledgeNag). */
class MeetwiseNagChecks extends AwsSolutionsChecks {
  override validateScope(scope: IConstruct): PolicyValidationPluginReport {
    const report = super.validateScope(scope);
    const byPath = new Map(scope.node.findAll().map((construct) => [construct.node.path, construct]));
    const violations = report.violations.flatMap((violation) => {
      const violatingResources = violation.violatingResources.filter((resource) => {
        const construct = resource.constructPath === undefined ? undefined : byPath.get(resource.constructPath);
        return !construct || !patternAcknowledgments(construct).some((pattern) => pattern.test(violation.ruleName));
      });
      return violatingResources.length > 0 ? [{ ...violation, violatingResources }] : [];
    });
    return { ...report, violations, success: violations.length === 0 };
  }
}

/**
 * Runs the AwsSolutions checks on every synthesis of `app` (an App or a Stage): `cdk synth` / `cdk deploy` fail with
 * cdk-nag's report on any finding not acknowledged. Call it once, on the app, after its stacks are made or before.
 */
export function checkWithCdkNag(app: Stage): void {
  Validations.of(app).addPlugins(new MeetwiseNagChecks(app, { verbose: true }));
}

/**
 * The findings left in `scope` (an app, after synthesis), one line each: `rule (severity) at construct path: what`.
 * Empty when every finding is fixed or acknowledged.
 */
export function cdkNagFindings(scope: IConstruct): string[] {
  return new MeetwiseNagChecks()
    .validateScope(scope)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) =>
          `${violation.ruleName} (${violation.severity ?? 'finding'}) at ${resource.constructPath ?? resource.resourceLogicalId}: ${violation.description}`,
      ),
    );
}

/**
 * The function aws-cdk-lib runs an AwsCustomResource's SDK call with (one per stack, shared by every such resource
 * in it): its grants are the resource's own `policy`, but CDK gives its role AWS's basic logging policy.
 */
export function acknowledgeCustomResourceProvider(resource: IGrantable): void {
  const provider = Construct.isConstruct(resource.grantPrincipal) ? resource.grantPrincipal.node.scope : undefined;
  if (!provider) throw new Error('No custom resource provider function behind this grantable');
  acknowledgeNag(provider, {
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason:
      "aws-cdk-lib's AwsCustomResource provider, run at deploy time only: CDK gives its role the basic logging policy (its log group is CDK's, with retention).",
  });
}
