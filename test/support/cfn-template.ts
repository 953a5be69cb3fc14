/** The parts of a synthesized CloudFormation template that the infra tests read. */
export type Json = Record<string, unknown>;

export interface Resource {
  Type: string;
  Properties: Json;
  Metadata?: Json;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string | string[];
}

export interface Template {
  Parameters?: Json;
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown }>;
}

/** One statement of an IAM policy document. */
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
