import { App } from 'aws-cdk-lib';

import { defineMeetwiseApp } from '#infra/cdk/meetwise-app';

/** The CDK app the CLI runs (cdk.json): its context and settings are described in infra/cdk/meetwise-app.ts. */
// eslint-disable-next-line no-restricted-properties -- the CLI's deploy target and the shell's BILLING, read here only
defineMeetwiseApp(new App(), process.env);
