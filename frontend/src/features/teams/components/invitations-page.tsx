import { useNavigate } from 'react-router-dom';

import type { MyInvitation } from '#shared/api/schemas/teams';
import { PageLoading } from '#frontend/components/page-loading.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useAcceptInvitation } from '#frontend/features/teams/api/accept-invitation.ts';
import { useMyInvitations } from '#frontend/features/teams/api/list-my-invitations.ts';
import { Badge, TeamCard, TeamLogo, TeamsFrame } from '#frontend/features/teams/components/team-ui.tsx';
import { ROLE_LABELS } from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /teams/invitations (the invitation mail's link): the caller's pending invitations, each with Accept. Only an
 * account whose confirmed e-mail is the invited one can accept (403 otherwise, its message shown).
 */
export function InvitationsPage() {
  useDocumentTitle('Team invitations · Meetwise');
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();

  const onAccept = (invitation: MyInvitation) =>
    accept.mutate(invitation.id, {
      onSuccess: () => {
        toast({ title: 'Invitation accepted', description: `You joined ${invitation.team.name}.` });
        navigate(`/teams/${invitation.team.slug}`);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not accept',
          description: isApiError(error) ? error.message : 'Please try again.',
        }),
    });

  return (
    <TeamsFrame back={{ to: '/teams', label: 'Back to Teams' }} title="Team invitations">
      <TeamCard id="pending-invitations" title="Pending invitations">
        {invitations.isPending ? (
          <PageLoading />
        ) : invitations.isError ? (
          <ErrorAlert title="Error loading invitations" message="Something went wrong. Please try again later." />
        ) : invitations.data.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-200">
            No pending invitations. Invitations to your confirmed e-mail address show here.
          </p>
        ) : (
          <ul className="grid gap-3">
            {invitations.data.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <TeamLogo url={invitation.team.logoUrl} name={invitation.team.name} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{invitation.team.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {invitation.invitedBy ? `${invitation.invitedBy} invited you as ` : 'Invited as '}
                    <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                  </p>
                </div>
                <Button
                  size="sm"
                  disabled={accept.isPending}
                  onClick={() => onAccept(invitation)}
                  aria-label={`Accept the invitation to ${invitation.team.name}`}
                >
                  Accept
                </Button>
              </li>
            ))}
          </ul>
        )}
      </TeamCard>
    </TeamsFrame>
  );
}
