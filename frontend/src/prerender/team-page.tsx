import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';

import type { PublicTeam } from '#shared/api/schemas/teams';
import { teamSlugOf } from '#frontend/app/layout-rules.ts';
import { TeamRoot } from '#frontend/app/team-app.tsx';
import { publicTeamKey } from '#frontend/features/team-page/api/public-team.ts';
import { teamPageDescription, teamPageTitle } from '#frontend/features/team-page/components/public-team-page.tsx';
import { fillTemplate, TEAM_DATA_ID } from '#frontend/prerender/html.ts';

export interface TeamPageInput {
  /** The built team page shell, frontend/dist/team.html, as text. */
  template: string;
  /** The answer of GET /api/teams/{slug}/public. */
  team: PublicTeam;
  /** The page's path: /team/{slug}. */
  path: string;
  now: Date;
}

/**
 * A team's public page published as static HTML (issue 28): the team page's shell with the team's page rendered
 * into #root, its title and description, and the team's data as JSON (#meetwise-team), which the browser
 * (team-main.tsx) hydrates with, never asking for it. Pure and synchronous, as renderBookingPage.
 */
export function renderTeamPage({ template, team, path, now }: TeamPageInput): string {
  const slug = teamSlugOf(path);
  if (!slug) throw new Error(`Not a team page's path: ${path}`);
  const client = new QueryClient();
  client.setQueryData(publicTeamKey(slug), team);
  try {
    const root = renderToString(<TeamRoot client={client} renderedAt={now} pathname={path} />);
    return fillTemplate(template, {
      root,
      renderedAt: now,
      title: teamPageTitle(team),
      description: teamPageDescription(team),
      dataBlocks: [{ id: TEAM_DATA_ID, value: team }],
    });
  } finally {
    client.clear();
  }
}
