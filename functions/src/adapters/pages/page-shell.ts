import { readFile } from 'node:fs/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** A built page shell (frontend/dist/book.html, or team.html for a team's page): the template a published page is rendered into. */
export type PageShell = () => Promise<string>;

/** One machine: the file the last `npm run build` wrote, read each time (a rebuild is used at once). */
export const filePageShell =
  (file: string): PageShell =>
  () =>
    readFile(file, 'utf8');

/**
 * The cloud: the shell in the site bucket, as the last deploy uploaded it, kept a minute per execution
 * environment (a deploy republishes every page, and a page rendered into the previous shell still works: the
 * hashed files it names are kept across deploys).
 */
export function s3PageShell(bucket: string, region: string, key = 'book.html', client = new S3Client({ region })) {
  let cached: { at: number; html: Promise<string> } | undefined;
  return (): Promise<string> => {
    if (!cached || Date.now() - cached.at > 60_000) {
      const html = client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).then(async ({ Body }) => {
        if (!Body) throw new Error(`s3://${bucket}/${key} has no body`);
        return Body.transformToString('utf8');
      });
      html.catch(() => (cached = undefined));
      cached = { at: Date.now(), html };
    }
    return cached.html;
  };
}
