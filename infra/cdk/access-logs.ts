import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { acknowledgeNag } from '#infra/cdk/nag';

/** How long access logs are kept: they hold viewers' addresses, so no longer than the functions' own logs. */
export const ACCESS_LOG_DAYS = 30;

/**
 * Where the buckets' S3 server access logs (`s3/{bucket}/`) and CloudFront's standard logs (`cloudfront/`) go: who
 * fetched or changed what, for an incident or an abuse report. Private, encrypted, TLS only, each log deleted after
 * ACCESS_LOG_DAYS. Object ACLs stay enabled (BUCKET_OWNER_PREFERRED): CloudFront's standard logs are delivered with
 * one, and this bucket's owner then owns them. Kept on stack deletion, as the site bucket is.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
    });
    acknowledgeNag(this.bucket, {
      id: 'AwsSolutions-S1',
      reason: 'This is the access log bucket: logging its own writes would log every log delivery, without end.',
    });
  }

  /** The prefix of a bucket's S3 server access logs: `s3/{name}/`. */
  static prefixFor(name: string): string {
    return `s3/${name}/`;
  }
}
