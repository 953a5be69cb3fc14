import { useEffect } from 'react';

import type { PublicTeam } from '#shared/api/schemas/teams';
import { PRODUCT_NAME } from '#shared/constants';
import { AppLink } from '#frontend/components/app-link.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ClockIcon } from '#frontend/components/ui/icons.tsx';
import { usePublicTeam } from '#frontend/features/team-page/api/public-team.ts';
import { isApiError } from '#frontend/lib/api-core.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/** The team page's document title: the page sets it, and a published page carries it in its HTML. */
export const teamPageTitle = (team: Pick<PublicTeam, 'name'>): string => `${team.name} | ${PRODUCT_NAME}`;

/** The published page's meta description. */
export const teamPageDescription = (team: Pick<PublicTeam, 'name'>): string =>
  `Book a meeting with ${team.name} on ${PRODUCT_NAME}.`;

/**
 * /team/{slug} (issue 28): a team's public page, its logo and name, then its active event types (title, duration,
 * description, the hosts' photos), each linking to its booking page. Drawn on the server too (prerender/team-page.tsx)
 * with its data, and in the team page's own entry (team-main.tsx; in the app's router for in-app links).
 */
export function PublicTeamPage({ slug }: { slug: string }) {
  const team = usePublicTeam(slug);
  useEffect(() => {
    if (team.data) document.title = teamPageTitle(team.data);
  }, [team.data]);

  if (team.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center p-8" role="status">
        <span className="text-slate-600 dark:text-slate-400">Loading team page…</span>
      </div>
    );
  }
  if (team.isError) {
    const missing = isApiError(team.error) && team.error.status === 404;
    return (
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {missing ? 'Team not found' : 'Error loading team.'}
        </h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {missing
            ? 'The link may be wrong, or the team no longer exists.'
            : 'Please check your connection and try again.'}
        </p>
        <AppLink to="/" className={buttonVariants({ className: 'mt-8' })}>
          Go to the home page
        </AppLink>
      </div>
    );
  }
  return <TeamView team={team.data} />;
}

function TeamView({ team }: { team: PublicTeam }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-center gap-4">
        {team.logoUrl ? (
          <img src={team.logoUrl} alt="" width={64} height={64} className="size-16 rounded-lg object-contain" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-lg bg-slate-200 text-2xl font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            {team.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-white">{team.name}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Choose a meeting to book.</p>
        </div>
      </div>
      {team.events.length === 0 ? (
        <p className="mt-10 text-slate-700 dark:text-slate-300">No meetings can be booked right now.</p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {team.events.map((event) => (
            <li key={event.slug}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <h2 className="text-lg font-semibold">
                  <a
                    href={`/book/${event.slug}`}
                    className={cn(
                      'rounded-sm text-slate-900 underline-offset-4 hover:underline dark:text-white',
                      focusRing,
                    )}
                  >
                    {event.title}
                  </a>
                </h2>
                <p className="mt-1 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <ClockIcon className="size-4 shrink-0" />
                  {event.duration} min
                </p>
                {event.description && (
                  <p className="mt-3 line-clamp-4 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
                    {event.description}
                  </p>
                )}
                {event.hosts.length > 0 && (
                  <ul aria-label="Hosts" className="mt-auto flex flex-wrap gap-x-3 gap-y-2 pt-4">
                    {event.hosts.map((host, index) => (
                      <li
                        key={`${host.name}-${index}`}
                        className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
                      >
                        {host.photoUrl ? (
                          <img
                            src={host.photoUrl}
                            alt=""
                            width={28}
                            height={28}
                            className="size-7 rounded-full object-cover"
                          />
                        ) : (
                          <span
                            aria-hidden="true"
                            className="flex size-7 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                          >
                            {host.name.trim().charAt(0).toUpperCase()}
                          </span>
                        )}
                        {host.name}
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
