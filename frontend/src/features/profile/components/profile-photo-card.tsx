import { useEffect, useRef, useState, type ChangeEvent } from 'react';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { Button } from '#frontend/components/ui/button.tsx';
import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useRemovePhoto } from '#frontend/features/profile/api/remove-photo.ts';
import { useUploadPhoto } from '#frontend/features/profile/api/upload-photo.ts';
import { SettingsCard } from '#frontend/features/profile/components/settings-card.tsx';
import { initialsOf, photoFileProblem, type PhotoProblem } from '#frontend/features/profile/lib/photo-file.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { cn } from '#frontend/lib/cn.ts';

const UPLOAD_FAILED = 'There was an error uploading your image. Please try again.';

/**
 * The profile photo on Profile Settings: the current photo or the initials, a file chooser
 * whose choice is previewed until 'Save Photo' uploads it or 'Cancel' drops it, and 'Remove Photo' when there is
 * one. The browser refuses a file that is not an image by its type or is over 2 MB; the server checks the bytes,
 * and its refusal is shown in the same place.
 */
export function ProfilePhotoCard({ user }: { user: CurrentUser }) {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const busy = upload.isPending || remove.isPending;

  // The preview's object URL is freed when it is replaced or the card goes.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const clearChoice = () => {
    setFile(null);
    setPreviewUrl(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setProblem(null);
    if (!chosen) return clearChoice();
    const refused = photoFileProblem(chosen);
    if (refused) {
      clearChoice();
      setProblem(refused);
      return;
    }
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  };

  const onSave = () => {
    if (!file || busy) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => {
        clearChoice();
        toast({ title: 'Photo uploaded', description: 'Your profile photo has been updated.' });
      },
      onError: (error) => {
        // The server's own reason for a refused file (not an image, too large) is worth showing; others are generic.
        const refusedByServer =
          isApiError(error) && (error.status === 400 || error.status === 413 || error.status === 415);
        const description = refusedByServer ? error.message : UPLOAD_FAILED;
        if (refusedByServer) setProblem({ title: 'Upload failed', description });
        toast({ variant: 'destructive', title: 'Upload failed', description });
      },
    });
  };

  const onRemove = () => {
    if (busy) return;
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Photo removed', description: 'Your profile photo has been removed.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Action failed',
          description: error.message || 'Could not remove your photo. Please try again.',
        }),
    });
  };

  const shown = previewUrl ?? user.photoUrl;

  return (
    <SettingsCard id="profile-photo" title="Profile Photo" intro="A PNG, JPEG, GIF or WebP image of at most 2 MB.">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="size-24 shrink-0 overflow-hidden rounded-full border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
          {shown ? (
            <img
              src={shown}
              alt={previewUrl ? 'Preview of your new profile photo' : 'Profile photo'}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full w-full items-center justify-center text-2xl font-semibold text-slate-700 dark:text-slate-200">
              <span aria-hidden="true">{initialsOf(user.name, user.username)}</span>
              <span className="sr-only">No profile photo</span>
            </div>
          )}
        </div>

        <div className="grid min-w-0 flex-1 gap-3">
          <div>
            <Label htmlFor="profile-photo-file">Choose a new photo</Label>
            <input
              ref={inputRef}
              id="profile-photo-file"
              name="photo"
              type="file"
              accept="image/*"
              disabled={busy}
              onChange={onChoose}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'profile-photo-problem' : undefined}
              className={cn(fieldClasses, 'mt-1.5 h-auto py-1.5')}
            />
          </div>
          {problem && (
            <div
              id="profile-photo-problem"
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
            >
              <span className="font-semibold">{problem.title}:</span> {problem.description}
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {file ? (
              <>
                <Button onClick={onSave} disabled={busy}>
                  {upload.isPending ? 'Uploading...' : 'Save Photo'}
                </Button>
                <Button variant="outline" onClick={clearChoice} disabled={busy}>
                  Cancel
                </Button>
              </>
            ) : (
              user.photoUrl && (
                <Button variant="outline" onClick={onRemove} disabled={busy}>
                  {remove.isPending ? 'Removing...' : 'Remove Photo'}
                </Button>
              )
            )}
          </div>
        </div>
      </div>
    </SettingsCard>
  );
}
