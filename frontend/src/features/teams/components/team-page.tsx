import { Link, useParams } from 'react-router-dom';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { useTeam } from '#frontend/features/teams/api/get-team.ts';
import { InviteForm, PendingInvitations } from '#frontend/features/teams/components/invitations-section.tsx';
import { MembersList } from '#frontend/features/teams/components/members-list.tsx';
import { TeamDetailsForm } from '#frontend/features/teams/components/team-details-form.tsx';
import { TeamEvents } from '#frontend/features/teams/components/team-events.tsx';
import { Badge, TeamCard, TeamLogo, TeamsFrame } from '#frontend/features/teams/components/team-ui.tsx';
import { canManage, ROLE_LABELS, type TeamRoleName } from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /teams/{slug}: a team's members (role, status; owners and admins change roles and remove, anyone leaves), its
 * invitations (owners and admins invite by e-mail and revoke), its event types with "New team event", and for owners
 * and admins its name and logo. A team the caller is not in answers 404: "Team not found".
 */
export function TeamPage() {
  const { teamSlug = '' } = useParams();
  const team = useTeam(teamSlug);
  const currentUser = useCurrentUser({ refetchOnMount: false });
  useDocumentTitle(`${team.data?.name ?? 'Team'} · Meetwise`);
  const back = { to: '/teams', label: 'Back to Teams' };

  if (team.isPending || currentUser.isPending) return <PageLoading />;
  if (team.isError) {
    const missing = isApiError(team.error) && team.error.status === 404;
    return (
      <TeamsFrame back={back} title={missing ? 'Team not found' : 'Team'}>
        {missing ? (
          <p className="text-slate-700 dark:text-slate-200">
            This team does not exist, or you are not one of its members.
          </p>
        ) : (
          <ErrorAlert title="Error loading team" message="Something went wrong. Please try again later." />
        )}
      </TeamsFrame>
    );
  }
  const data = team.data;
  const manager = canManage(data.role);
  const email = currentUser.data?.email.toLowerCase() ?? '';
  const me = data.members.find((member) => member.email.toLowerCase() === email);

  return (
    <TeamsFrame
      back={back}
      title={
        <span className="flex items-center gap-3">
          <TeamLogo url={data.logoUrl} name={data.name} size="size-12" />
          <span className="min-w-0">{data.name}</span>
        </span>
      }
      intro={
        <span className="flex flex-wrap items-center gap-2">
          <span>Your role:</span>
          <Badge>{ROLE_LABELS[data.role as TeamRoleName] ?? data.role}</Badge>
          <a
            href={`/team/${data.slug}`}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: 'link', className: 'text-sm' })}
          >
            View team page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      }
    >
      <TeamCard id="team-events" title="Team event types">
        <TeamEvents events={data.events} />
        {manager && (
          <Link
            to={`/events/new?team=${encodeURIComponent(data.slug)}`}
            className={buttonVariants({ className: 'mt-4' })}
          >
            New team event
          </Link>
        )}
      </TeamCard>
      <TeamCard id="team-members" title="Members">
        <MembersList
          slug={data.slug}
          members={data.members}
          viewer={me ? { userId: me.userId, role: data.role } : null}
        />
      </TeamCard>
      {manager && (
        <>
          <TeamCard id="team-invite" title="Invite a member">
            <InviteForm slug={data.slug} />
          </TeamCard>
          <TeamCard id="team-invitations" title="Pending invitations">
            <PendingInvitations slug={data.slug} invitations={data.invitations ?? []} />
          </TeamCard>
          <TeamCard id="team-details" title="Team details">
            <TeamDetailsForm key={`${data.name}|${data.logoUrl ?? ''}`} team={data} />
          </TeamCard>
        </>
      )}
    </TeamsFrame>
  );
}
