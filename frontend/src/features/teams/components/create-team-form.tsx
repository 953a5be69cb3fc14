import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { useFieldForm } from '#frontend/components/form-field.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import { fieldClasses, Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCreateTeam } from '#frontend/features/teams/api/create-team.ts';
import { useUpdateTeam } from '#frontend/features/teams/api/update-team.ts';
import { useUploadTeamLogo } from '#frontend/features/teams/api/upload-team-logo.ts';
import { LOGO_ACCEPT, logoProblem, suggestTeamSlug } from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn } from '#frontend/lib/cn.ts';
import { errorsFromDetails } from '#frontend/lib/field-errors.ts';

const FIELDS = ['name', 'slug'] as const;

/**
 * "Create a team": name, slug (suggested from the name until typed; /team/{slug} is the team's page) and an optional
 * logo. The team is created (409: slug taken, shown under the field), then the logo uploaded and saved on it; the
 * screen goes to the new team's page.
 */
export function CreateTeamForm() {
  const navigate = useNavigate();
  const form = useFieldForm('team', FIELDS, { name: '', slug: '' });
  const [slugEdited, setSlugEdited] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const logoId = useId();
  const create = useCreateTeam();
  const upload = useUploadTeamLogo();
  const update = useUpdateTeam();
  const busy = create.isPending || upload.isPending || update.isPending;

  const nameProps = form.fieldProps('name');
  const onName = (event: ChangeEvent<HTMLInputElement>) => {
    nameProps.onChange(event);
    if (!slugEdited) form.setValues((current) => ({ ...current, slug: suggestTeamSlug(event.target.value) }));
  };
  const slugProps = form.fieldProps('slug');

  const onLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file) {
      const problem = logoProblem(file);
      if (problem) {
        event.target.value = '';
        toast({ variant: 'destructive', ...problem });
        return;
      }
    }
    setLogo(file);
  };

  const onSubmit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (busy) return;
    const name = form.values.name.trim();
    const slug = form.values.slug.trim().toLowerCase();
    const missing = {
      ...(!name && { name: 'Please enter a team name.' }),
      ...(!slug && { slug: 'Please enter a URL.' }),
    };
    if (Object.keys(missing).length) return form.showErrors(missing);
    let created: { slug: string };
    try {
      created = await create.mutateAsync({ name, slug });
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ slug: error.message });
      else if (isApiError(error) && error.status === 400 && error.details?.length)
        form.showErrors(errorsFromDetails(FIELDS, error.details));
      toast({
        variant: 'destructive',
        title: 'Failed to create team',
        description: isApiError(error) ? error.message : 'Please try again.',
      });
      return;
    }
    if (logo) {
      try {
        const { url } = await upload.mutateAsync(logo);
        await update.mutateAsync({ slug: created.slug, body: { logoUrl: url } });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Logo not saved',
          description: isApiError(error) ? error.message : 'The team was created. Add its logo on its page.',
        });
      }
    }
    toast({ title: 'Team created' });
    navigate(`/teams/${created.slug}`);
  };

  return (
    <form noValidate onSubmit={(submitted) => void onSubmit(submitted)} className="grid gap-4">
      <div>
        <Label htmlFor={form.fieldId('name')}>Team name</Label>
        <Input className="mt-1.5" autoComplete="organization" {...nameProps} onChange={onName} />
        {form.fieldError('name')}
      </div>
      <div>
        <Label htmlFor={form.fieldId('slug')}>Team URL</Label>
        <div className="mt-1.5 flex items-center gap-1">
          <span className="shrink-0 text-sm text-slate-600 dark:text-slate-300">/team/</span>
          <Input
            {...slugProps}
            onChange={(event) => {
              setSlugEdited(true);
              slugProps.onChange(event);
            }}
          />
        </div>
        {form.fieldError('slug')}
      </div>
      <div>
        <Label htmlFor={logoId}>Logo (optional)</Label>
        <input
          id={logoId}
          type="file"
          accept={LOGO_ACCEPT}
          onChange={onLogo}
          aria-describedby={`${logoId}-hint`}
          className={cn(fieldClasses, 'mt-1.5 h-auto py-1.5')}
        />
        <p id={`${logoId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          PNG, JPEG, GIF or WebP, at most 5 MB.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create team'}
        </Button>
      </div>
    </form>
  );
}
