import type { FormEvent } from 'react';

import { profileUpdateBody, type CurrentUser } from '#shared/api/schemas/auth';
import { FormField, useFieldForm } from '#frontend/components/form-field.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useUpdateProfile, type ProfileUpdateInput } from '#frontend/features/profile/api/update-profile.ts';
import { SettingsCard } from '#frontend/features/profile/components/settings-card.tsx';
import { isApiError } from '#frontend/lib/api.ts';
import { errorsFromDetails, errorsFromIssues } from '#frontend/lib/field-errors.ts';

type Field = keyof ProfileUpdateInput;
const FIELDS: readonly Field[] = ['name', 'email'];

const USERNAME_HINT = 'Usernames cannot be changed as they need to remain unique for every user.';

/**
 * The account details on Profile Settings: the username read-only, Full Name and Email checked
 * with the server's own schema, 'Save Changes'. A taken e-mail (409) is shown under the Email field.
 */
export function ProfileDetailsForm({ user }: { user: CurrentUser }) {
  const form = useFieldForm('profile', FIELDS, { name: user.name, email: user.email });
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = profileUpdateBody.safeParse(form.values);
    if (!parsed.success) {
      form.showErrors(errorsFromIssues(FIELDS, parsed.error.issues));
      return;
    }
    form.setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ user: saved, message }) => {
        form.setValues({ name: saved.name, email: saved.email });
        // A new address changes only when its confirmation link is used (the server's message says where it went).
        if (saved.pendingEmail && saved.pendingEmail !== user.pendingEmail)
          toast({ title: 'Confirm your new e-mail', description: message });
        else toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
      },
      onError: (error) => {
        // The error toast; the reason a taken e-mail was refused shows under the field.
        const description = 'There was a problem updating your profile. Please try again.';
        if (isApiError(error) && error.status === 409) {
          form.showErrors({ email: error.message });
        } else if (isApiError(error) && error.status === 400 && error.details?.length) {
          form.showErrors(errorsFromDetails(FIELDS, error.details));
        }
        toast({ variant: 'destructive', title: 'Error', description });
      },
    });
  };

  return (
    <SettingsCard id="profile-details" title="Personal Information">
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div>
          <Label htmlFor="profile-username">Username</Label>
          <Input
            id="profile-username"
            className="mt-1.5 bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            value={user.username}
            readOnly
            aria-describedby="profile-username-hint"
          />
          <p id="profile-username-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
            {USERNAME_HINT}
          </p>
        </div>
        <FormField form={form} field="name" label="Full Name" autoComplete="name" />
        <FormField form={form} field="email" label="Email" type="email" inputMode="email" autoComplete="email" />
        {user.pendingEmail && (
          <p role="status" className="-mt-3 text-sm text-slate-700 dark:text-slate-300">
            Waiting for confirmation: we sent a link to <strong>{user.pendingEmail}</strong>. Your e-mail address
            changes when you open it.
          </p>
        )}
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
