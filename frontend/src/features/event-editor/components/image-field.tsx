import { useId, type ChangeEvent } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useUploadEventImage } from '#frontend/features/event-editor/api/upload-event-image.ts';
import { Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import {
  EVENT_IMAGE_ACCEPT,
  eventImageProblem,
  eventImageUploadError,
} from '#frontend/features/event-editor/lib/event-image.ts';
import { cn } from '#frontend/lib/cn.ts';

/**
 * An event photo or guest logo: the browser refuses a file that is
 * not a PNG, JPEG, GIF or WebP or is over 5 MB, the rest is uploaded at once (POST /api/uploads/event-image) and its
 * address kept in the form (a 400 shows the server's own reason), with a switch for showing it on the booking page
 * and a way to remove it.
 */
export function ImageField({
  label,
  url,
  show,
  showLabel,
  onUrlChange,
  onShowChange,
  onUploaded,
}: {
  label: string;
  url: string | null;
  show: boolean;
  showLabel: string;
  onUrlChange: (url: string | null) => void;
  onShowChange: (show: boolean) => void;
  /** Called with the chosen file once it is stored. */
  onUploaded?: (file: File) => void;
}) {
  const id = useId();
  const upload = useUploadEventImage();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = eventImageProblem(file);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url: stored }) => {
        onUrlChange(stored);
        onUploaded?.(file);
      },
      onError: (error) => toast({ variant: 'destructive', ...eventImageUploadError(error) }),
    });
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</legend>
      <div className="flex items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
          {url ? (
            <img src={url} alt={`${label} preview`} className="h-full w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-600 dark:text-slate-400">None</span>
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={`${id}-file`} className="sr-only">
            Choose {label.toLowerCase()}
          </Label>
          <input
            id={`${id}-file`}
            type="file"
            accept={EVENT_IMAGE_ACCEPT}
            disabled={upload.isPending}
            onChange={onChoose}
            className={cn(fieldClasses, 'h-auto py-1.5')}
          />
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {upload.isPending ? 'Uploading...' : 'PNG, JPEG, GIF or WebP, at most 5 MB.'}
          </p>
        </div>
        {url && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onUrlChange(null)}
            aria-label={`Remove ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        )}
      </div>
      <Switch label={showLabel} checked={show} onCheckedChange={onShowChange} />
    </fieldset>
  );
}
