import { useId, useState, type FormEvent } from 'react';

import type { TeamInvitation } from '#shared/api/schemas/teams';
import { useFieldForm } from '#frontend/components/form-field.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useInviteMember, type InviteBody } from '#frontend/features/teams/api/invite-member.ts';
import { useRevokeInvitation } from '#frontend/features/teams/api/revoke-invitation.ts';
import { Badge, selectClasses } from '#frontend/features/teams/components/team-ui.tsx';
import { ROLE_LABELS } from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { errorsFromDetails } from '#frontend/lib/field-errors.ts';

const FIELDS = ['email'] as const;

/** "Invite a member": an e-mail address and a role; the address gets a mail with a link to its invitations. */
export function InviteForm({ slug }: { slug: string }) {
  const form = useFieldForm('invite', FIELDS, { email: '' });
  const [role, setRole] = useState<InviteBody['role']>('member');
  const roleId = useId();
  const invite = useInviteMember(slug);

  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const email = form.values.email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      return form.showErrors({ email: 'Please enter a valid e-mail address.' });
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast({ title: 'Invitation sent', description: `We sent an invitation to ${email}.` });
          form.setValues({ email: '' });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400 && error.details?.length)
            form.showErrors(errorsFromDetails(FIELDS, error.details));
          toast({
            variant: 'destructive',
            title: 'Invitation not sent',
            description: isApiError(error) ? error.message : 'Please try again.',
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <Label htmlFor={form.fieldId('email')}>Email</Label>
        <Input className="mt-1.5" type="email" autoComplete="off" inputMode="email" {...form.fieldProps('email')} />
        {form.fieldError('email')}
      </div>
      <div>
        <Label htmlFor={roleId}>Role</Label>
        <select
          id={roleId}
          className={`${selectClasses} mt-1.5`}
          value={role}
          onChange={(event) => setRole(event.target.value as InviteBody['role'])}
        >
          <option value="member">{ROLE_LABELS.member}</option>
          <option value="admin">{ROLE_LABELS.admin}</option>
        </select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

type Invitation = Pick<TeamInvitation, 'id' | 'email' | 'role' | 'expired'>;

/** The team's pending invitations, each with Revoke. */
export function PendingInvitations({ slug, invitations }: { slug: string; invitations: readonly Invitation[] }) {
  const revoke = useRevokeInvitation(slug);
  if (invitations.length === 0) return <p className="text-slate-700 dark:text-slate-200">No pending invitations.</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
          <p className="min-w-0 flex-1 basis-48 truncate text-slate-900 dark:text-white">{invitation.email}</p>
          <Badge>{ROLE_LABELS[invitation.role]}</Badge>
          {invitation.expired && <Badge>Expired</Badge>}
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            aria-label={`Revoke the invitation of ${invitation.email}`}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => toast({ title: 'Invitation revoked' }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Invitation not revoked',
                    description: isApiError(error) ? error.message : 'Please try again.',
                  }),
              })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
