import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';

export interface SiteDomainRecordsProps {
  /** The site's own name (the distribution's alternate domain name), inside the zone. */
  domainName: string;
  /** The Route 53 public hosted zone holding domainName: its id and its name (no lookup: synth stays offline). */
  hostedZoneId: string;
  hostedZoneName: string;
  distribution: cloudfront.IDistribution;
}

/**
 * Optional DNS for a custom domain: A and AAAA alias records in an existing Route 53 hosted zone pointing at the
 * distribution. Without a hosted zone the operator points the name at the `SiteUrl` output's host themselves.
 */
export class SiteDomainRecords extends Construct {
  constructor(scope: Construct, id: string, props: SiteDomainRecordsProps) {
    super(scope, id);
    const zoneName = props.hostedZoneName.replace(/\.$/, '');
    const domainName = props.domainName.replace(/\.$/, '');
    if (domainName !== zoneName && !domainName.endsWith(`.${zoneName}`)) {
      throw new Error(`domainName "${domainName}" is not inside the hosted zone "${zoneName}"`);
    }
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: props.hostedZoneId,
      zoneName,
    });
    const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(props.distribution));
    new route53.ARecord(this, 'Ipv4', { zone, recordName: domainName, target });
    new route53.AaaaRecord(this, 'Ipv6', { zone, recordName: domainName, target });
  }
}
