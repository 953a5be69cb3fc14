import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';

import { s3PageShell, type PageShell } from '#functions/adapters/pages/page-shell';
import { config } from '#functions/composition';
import { shellFileFor, type PageShellFile } from '#functions/domain/published-pages';

/**
 * The fallback origin of CloudFront's /book/*, /events/* and /team/* behaviours (infra/cdk/site.ts): the site bucket
 * answered 403 or 404, so the path has no published page (an unknown slug, a deactivated event, a page not yet
 * published). Answers the booking page's shell (book.html), which asks the API and shows the event or the spec's
 * "Event Not Found" / "This event has been deactivated"; on /team/* a team's page's shell (team.html), which asks
 * for the team. Cached a minute at the edge like a published page.
 * Reached only through CloudFront (a function URL with IAM auth and CloudFront's origin access control).
 */
export function shellHandler(shell: (file: PageShellFile) => PageShell) {
  return async (event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> => {
    const method = event.requestContext.http.method;
    if (method !== 'GET' && method !== 'HEAD') {
      return {
        statusCode: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' },
        body: 'Method not allowed',
      };
    }
    const html = await shell(shellFileFor(event.rawPath))();
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, s-maxage=60',
      },
      body: method === 'HEAD' ? '' : html,
    };
  };
}

const built = new Map<PageShellFile, PageShell>();
export const handler = shellHandler((file) => {
  let shell = built.get(file);
  if (!shell) {
    const { site, region } = config();
    if (!('bucket' in site)) throw new Error('SITE_BUCKET is not set: the shell function serves the site bucket');
    shell = s3PageShell(site.bucket, region, file);
    built.set(file, shell);
  }
  return shell;
});
