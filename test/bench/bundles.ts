import { build } from 'esbuild';

import { routeTable } from '#shared/api/routes';
import { jobTable, streamJobTable, timerJobTable } from '#shared/jobs';
import { LAMBDA_EXTERNAL_MODULES } from '#infra/cdk/api';

/** Each route's and job's Lambda bundle, built with the same esbuild settings the CDK stack uses. */
export async function benchBundles() {
  const sizes: { name: string; auth: string; bytes: number; external: string[]; mailPath: boolean }[] = [];
  const entries = [
    ...routeTable.map((route) => ({
      name: route.name,
      auth: route.auth as string,
      file: `functions/src/handlers/${route.name}.ts`,
    })),
    ...[...jobTable, ...streamJobTable, ...timerJobTable].map((job) => ({
      name: job.name,
      auth: 'job',
      file: `functions/src/jobs/${job.name}.ts`,
    })),
  ];
  for (const route of entries) {
    const result = await build({
      entryPoints: [route.file],
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      mainFields: ['module', 'main'],
      external: [...LAMBDA_EXTERNAL_MODULES],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    const external = [...new Set([...code.matchAll(/from\s*"(@aws-sdk\/[^"]+)"/g)].map((m) => m[1]!))];
    // The booking mail path: nodemailer's composer, the SES and Scheduler clients.
    const mailPath = /nodemailer/i.test(code) || external.some((name) => /client-(ses|scheduler)$/.test(name));
    sizes.push({
      name: route.name,
      auth: route.auth,
      bytes: result.outputFiles[0]!.contents.length,
      external,
      mailPath,
    });
  }
  return sizes;
}
