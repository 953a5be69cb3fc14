import type { PageShell } from '#functions/adapters/pages/page-shell';
import type { BookingPageRenderer } from '#functions/ports/events';
import { renderBookingPage } from '#frontend/prerender/booking-page.tsx';
import { renderTeamPage } from '#frontend/prerender/team-page.tsx';

/**
 * The front end's own server renderer (React's renderToString of the booking page's first step, the event inlined
 * for hydration) into the built shell (book.html), and a team's page (issue 28) the same way into its own shell
 * (team.html): the page a guest's browser hydrates is the one the client would have drawn.
 */
export function reactBookingPageRenderer(shell: PageShell, teamShell: PageShell): BookingPageRenderer {
  return {
    async render(event, path, now) {
      return renderBookingPage({ template: await shell(), event, path, now });
    },
    async renderTeam(team, path, now) {
      return renderTeamPage({ template: await teamShell(), team, path, now });
    },
  };
}
