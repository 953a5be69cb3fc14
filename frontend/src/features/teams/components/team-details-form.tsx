import { useId, useState, type ChangeEvent, type FormEvent } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { fieldClasses, Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useUpdateTeam } from '#frontend/features/teams/api/update-team.ts';
import { useUploadTeamLogo } from '#frontend/features/teams/api/upload-team-logo.ts';
import { TeamLogo } from '#frontend/features/teams/components/team-ui.tsx';
import { LOGO_ACCEPT, logoProblem } from '#frontend/features/teams/lib/team-rules.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn } from '#frontend/lib/cn.ts';

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: isApiError(error) ? error.message : 'Please try again.' });

/** Owners and admins rename the team and change or remove its logo (uploaded, then saved on the team). */
export function TeamDetailsForm({ team }: { team: { slug: string; name: string; logoUrl: string | null } }) {
  const id = useId();
  const [name, setName] = useState(team.name);
  const update = useUpdateTeam();
  const upload = useUploadTeamLogo();

  const onName = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    if (!name.trim()) return;
    update.mutate(
      { slug: team.slug, body: { name: name.trim() } },
      { onSuccess: () => toast({ title: 'Team saved' }), onError: failed('Team not saved') },
    );
  };

  const onLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) return toast({ variant: 'destructive', ...problem });
    upload.mutate(file, {
      onSuccess: ({ url }) =>
        update.mutate(
          { slug: team.slug, body: { logoUrl: url } },
          { onSuccess: () => toast({ title: 'Logo saved' }), onError: failed('Logo not saved') },
        ),
      onError: failed('Upload failed'),
    });
  };

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onName} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={`${id}-name`}>Team name</Label>
          <Input id={`${id}-name`} className="mt-1.5" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={update.isPending || name.trim() === team.name}>
          Save name
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <TeamLogo url={team.logoUrl} name={team.name} size="size-16" />
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={`${id}-logo`}>Logo</Label>
          <input
            id={`${id}-logo`}
            type="file"
            accept={LOGO_ACCEPT}
            disabled={upload.isPending || update.isPending}
            onChange={onLogo}
            className={cn(fieldClasses, 'mt-1.5 h-auto py-1.5')}
          />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
            {upload.isPending ? 'Uploading...' : 'PNG, JPEG, GIF or WebP, at most 5 MB.'}
          </p>
        </div>
        {team.logoUrl && (
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { slug: team.slug, body: { logoUrl: null } },
                { onSuccess: () => toast({ title: 'Logo removed' }), onError: failed('Logo not removed') },
              )
            }
          >
            Remove logo
          </Button>
        )}
      </div>
    </div>
  );
}
