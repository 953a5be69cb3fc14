import { useNavigate } from 'react-router-dom';

import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useRemoveMember } from '#frontend/features/teams/api/remove-member.ts';
import { useUpdateMember } from '#frontend/features/teams/api/update-member.ts';
import { Badge, selectClasses } from '#frontend/features/teams/components/team-ui.tsx';
import {
  memberActions,
  ROLE_LABELS,
  statusLabel,
  TEAM_ROLES,
  type TeamRoleName,
} from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';

interface Member {
  userId: string;
  name: string;
  email: string;
  role: string;
  status: string;
}

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: isApiError(error) ? error.message : 'Please try again.' });

/** The members with role and status; the viewer's actions on each (memberActions): role, Remove, Leave. */
export function MembersList({
  slug,
  members,
  viewer,
}: {
  slug: string;
  members: readonly Member[];
  viewer: { userId: string; role: string } | null;
}) {
  const navigate = useNavigate();
  const update = useUpdateMember(slug);
  const remove = useRemoveMember(slug);
  const owners = members.filter((member) => member.role === 'owner').length;

  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {members.map((member) => {
        const actions = viewer
          ? memberActions(viewer, member, owners)
          : { changeRole: false, remove: false, leave: false };
        const selectId = `role-${member.userId}`;
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate font-medium text-slate-900 dark:text-white">
                {member.name || member.email}
                {viewer?.userId === member.userId && <span className="text-slate-600 dark:text-slate-300"> (you)</span>}
              </p>
              <p className="truncate text-sm text-slate-600 dark:text-slate-300">{member.email}</p>
            </div>
            <Badge>{statusLabel(member.status)}</Badge>
            {actions.changeRole ? (
              <>
                <label htmlFor={selectId} className="sr-only">
                  Role of {member.name || member.email}
                </label>
                <select
                  id={selectId}
                  className={selectClasses}
                  value={member.role}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate(
                      { userId: member.userId, role: event.target.value as TeamRoleName },
                      { onSuccess: () => toast({ title: 'Role changed' }), onError: failed('Role not changed') },
                    )
                  }
                >
                  {TEAM_ROLES.filter((role) => role !== 'owner' || viewer?.role === 'owner').map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <Badge>{ROLE_LABELS[member.role as TeamRoleName] ?? member.role}</Badge>
            )}
            {actions.remove && (
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                aria-label={`Remove ${member.name || member.email}`}
                onClick={() =>
                  remove.mutate(member.userId, {
                    onSuccess: () => toast({ title: 'Member removed' }),
                    onError: failed('Member not removed'),
                  })
                }
              >
                Remove
              </Button>
            )}
            {actions.leave && (
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(member.userId, {
                    onSuccess: () => {
                      toast({ title: 'You left the team' });
                      navigate('/teams');
                    },
                    onError: failed('Could not leave the team'),
                  })
                }
              >
                Leave team
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
