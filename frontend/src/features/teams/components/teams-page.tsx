import { Link } from 'react-router-dom';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { useTeams } from '#frontend/features/teams/api/list-teams.ts';
import { CreateTeamForm } from '#frontend/features/teams/components/create-team-form.tsx';
import { Badge, TeamCard, TeamLogo, TeamsFrame } from '#frontend/features/teams/components/team-ui.tsx';
import { ROLE_LABELS, type TeamRoleName } from '#frontend/features/teams/lib/team-rules.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /teams: the caller's teams with their role (each links to its page), a way to the invitations, and "Create a team".
 */
export function TeamsPage() {
  useDocumentTitle('Teams · Meetwise');
  const teams = useTeams();

  return (
    <TeamsFrame back={{ to: '/events', label: 'Back to Events' }} title="Teams">
      <div>
        <Link to="/teams/invitations" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Your invitations
        </Link>
      </div>
      <TeamCard id="your-teams" title="Your teams">
        {teams.isPending ? (
          <PageLoading />
        ) : teams.isError ? (
          <ErrorAlert title="Error loading teams" message="Something went wrong. Please try again later." />
        ) : teams.data.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">You are not in a team yet.</p>
        ) : (
          <ul className="grid gap-2">
            {teams.data.map((team) => (
              <li key={team.slug}>
                <Link
                  to={`/teams/${team.slug}`}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
                    focusRing,
                  )}
                >
                  <TeamLogo url={team.logoUrl} name={team.name} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900 dark:text-white">{team.name}</span>
                    <span className="block truncate text-sm text-slate-600 dark:text-slate-300">/team/{team.slug}</span>
                  </span>
                  <Badge>{ROLE_LABELS[team.role as TeamRoleName] ?? team.role}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </TeamCard>
      <TeamCard id="create-team" title="Create a team">
        <CreateTeamForm />
      </TeamCard>
    </TeamsFrame>
  );
}
