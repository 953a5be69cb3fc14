/** The CloudWatch namespace of the service's own metrics (the adapter writes them, the CDK alarms read them). */
export const METRICS_NAMESPACE = 'Meetwise';
