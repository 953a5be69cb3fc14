import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { MetricUnit, Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';

import { metricsNamespace } from '#functions/config';
import type { Logger, MetricName, Metrics } from '#functions/ports/core';

/**
 * Logs and metrics through AWS Lambda Powertools (docs/operations.md): JSON log lines with the service, the Lambda
 * context (function, request id, cold start, X-Ray trace id) and the keys the HTTP wrapper adds; metrics as CloudWatch
 * embedded metric format (EMF) lines, flushed by the wrapper at the end of every invocation.
 *
 * One logger and one metrics buffer per process, like the Lambda execution environment they describe. The function's
 * service name (its route or job name) comes from POWERTOOLS_SERVICE_NAME, which the CDK stack sets per function.
 */

type Level = 'debug' | 'info' | 'warn' | 'error';

let rootLogger: PowertoolsLogger | undefined;
let metricsBuffer: PowertoolsMetrics | undefined;

/** The process's Powertools logger (its level from the first caller: the configuration's LOG_LEVEL). */
export function powertoolsRootLogger(level: Level = 'info'): PowertoolsLogger {
  rootLogger ??= new PowertoolsLogger({ logLevel: level.toUpperCase() as Uppercase<Level> });
  return rootLogger;
}

/** The process's metrics buffer (POWERTOOLS_METRICS_DISABLED=true keeps it from printing, as on one machine). */
export function powertoolsMetrics(): PowertoolsMetrics {
  metricsBuffer ??= new PowertoolsMetrics({ namespace: metricsNamespace() });
  return metricsBuffer;
}

/** The Logger port over a Powertools logger; `with` makes a child carrying more keys. */
export function powertoolsLogger(logger: PowertoolsLogger): Logger {
  return {
    info: (message, fields) => (fields ? logger.info(message, fields) : logger.info(message)),
    warn: (message, fields) => (fields ? logger.warn(message, fields) : logger.warn(message)),
    error: (message, fields) => (fields ? logger.error(message, fields) : logger.error(message)),
    with: (keys) => powertoolsLogger(logger.createChild({ persistentKeys: keys })),
  };
}

/** The Metrics port over the process's buffer: each call adds to the invocation's counts. */
export function powertoolsMetricsPort(metrics: PowertoolsMetrics = powertoolsMetrics()): Metrics {
  return { count: (name: MetricName, value = 1) => metrics.addMetric(name, MetricUnit.Count, value) };
}

/** Writes this invocation's counts as one EMF line (nothing when none were counted, or when metrics are off). */
export function publishMetrics(): void {
  const metrics = powertoolsMetrics();
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
