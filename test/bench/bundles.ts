import { build } from 'esbuild';

import { routeTable } from '#shared/api/routes';
import { jobTable, queueJobTable, streamJobTable, timerJobTable } from '#shared/jobs';
import { lambdaBuildOptions } from '#infra/cdk/lambda-bundle';

export interface LambdaBundle {
  name: string;
  /** The route's auth level ('public', 'signed-in', …), or 'job'. */
  auth: string;
  bytes: number;
  external: string[];
  mailPath: boolean;
  /** The bundle itself, for the module-load bench (module-load.ts) to write to disk. */
  code: Uint8Array;
  /**
   * Why it did not build (e.g. a row whose handler file is not written yet): reported on its row, where the CDK
   * stack would stop, so that the other figures still print.
   */
  error?: string;
}

/** Each route's and job's Lambda bundle, built with the same esbuild settings the CDK stack uses (no source map). */
export async function benchBundles(): Promise<LambdaBundle[]> {
  const sizes: LambdaBundle[] = [];
  const entries = [
    ...routeTable.map((route) => ({
      name: route.name,
      auth: route.auth as string,
      file: `functions/src/handlers/${route.name}.ts`,
    })),
    ...[...jobTable, ...streamJobTable, ...timerJobTable, ...queueJobTable].map((job) => ({
      name: job.name,
      auth: 'job',
      file: `functions/src/jobs/${job.name}.ts`,
    })),
  ];
  for (const route of entries) {
    let result;
    try {
      result = await build({ ...lambdaBuildOptions(route.file), write: false });
    } catch (error) {
      const message = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
      sizes.push({
        name: route.name,
        auth: route.auth,
        bytes: 0,
        external: [],
        mailPath: false,
        code: new Uint8Array(),
        error: message,
      });
      continue;
    }
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
      code: result.outputFiles[0]!.contents,
    });
  }
  return sizes;
}
