import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import type { PublicTeam } from '#shared/api/schemas/teams';
import { teamSlugOf } from '#frontend/app/layout-rules.ts';
import { TeamRoot } from '#frontend/app/team-app.tsx';
import { publicTeamKey } from '#frontend/features/team-page/api/public-team.ts';
import { queryClient } from '#frontend/lib/query-client.ts';
import { inlinedData, renderTimeOf } from '#frontend/lib/server-render.ts';

import '#frontend/index.css';

/**
 * A team's page's own entry (team.html, issue 28): the page without the router and without the booking page's code. A
 * page published as HTML (prerender/team-page.tsx) carries its team (#meetwise-team) and its markup: it is hydrated,
 * with the team put in the cache so it is never asked for. The shell of a team without a published page (team.html
 * as built) is rendered here and asks for the team.
 */

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in team.html');

const { pathname } = window.location;
const slug = teamSlugOf(pathname);
const team = slug ? inlinedData<PublicTeam>('meetwise-team') : null;
const renderedAt = team ? renderTimeOf(container) : null;
if (slug && team) queryClient.setQueryData(publicTeamKey(slug), team);

const app = <TeamRoot client={queryClient} renderedAt={renderedAt} pathname={pathname} />;
if (team && renderedAt) {
  // As a transition, React hydrates in slices that yield to the browser (as the booking page does).
  startTransition(() => void hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
