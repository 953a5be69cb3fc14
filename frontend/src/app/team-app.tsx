import type { QueryClient } from '@tanstack/react-query';

import { teamSlugOf } from '#frontend/app/layout-rules.ts';
import { StandaloneRoot } from '#frontend/app/standalone-root.tsx';
import { PublicTeamPage } from '#frontend/features/team-page/components/public-team-page.tsx';

/**
 * A team's public page (/team/{slug}, issue 28, served from team.html) in the site's chrome, without the router: the
 * same tree in the browser (team-main.tsx) and on the server that publishes it (prerender/team-page.tsx). Its entry
 * is its own, so it carries none of the booking page's code.
 */
export function TeamRoot({
  client,
  renderedAt,
  pathname,
}: {
  client: QueryClient;
  /** The server's instant when the page's markup was rendered, else null. */
  renderedAt: Date | null;
  pathname: string;
}) {
  return (
    <StandaloneRoot client={client} renderedAt={renderedAt} pathname={pathname}>
      <PublicTeamPage slug={teamSlugOf(pathname) ?? ''} />
    </StandaloneRoot>
  );
}
