import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { AlertCircleIcon } from '#frontend/components/ui/icons.tsx';
import { fieldClasses } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { cn } from '#frontend/lib/cn.ts';

/** A secret (a webhook's signing secret, an API key) as answered by the route that made it. */
export interface OneTimeSecret {
  title: string;
  description: string;
  label: string;
  value: string;
}

/**
 * Shows a secret the server answers once: read-only (focused and selected on opening, so it can be copied by keyboard
 * too), a copy button, and the warning that it will not be shown again. Only Escape, the close button and "Done"
 * close it, never a click beside it (a stray click would lose the secret).
 */
export function OneTimeSecretDialog({
  secret,
  onClose,
  onCloseAutoFocus,
}: {
  secret: OneTimeSecret | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const fieldId = useId();
  const warningId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      setCopied(true);
      toast({ title: 'Copied to the clipboard' });
    } catch {
      fieldRef.current?.select();
      toast({
        variant: 'destructive',
        title: 'Failed to copy to clipboard',
        description: 'It is selected: copy it with your keyboard.',
      });
    }
  };

  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          fieldRef.current?.focus();
          fieldRef.current?.select();
        }}
        onPointerDownOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {secret && (
          <>
            <DialogHeader>
              <DialogTitle>{secret.title}</DialogTitle>
              <DialogDescription>{secret.description}</DialogDescription>
            </DialogHeader>
            <div>
              <Label htmlFor={fieldId}>{secret.label}</Label>
              <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
                <input
                  ref={fieldRef}
                  id={fieldId}
                  readOnly
                  value={secret.value}
                  spellCheck={false}
                  aria-describedby={warningId}
                  onFocus={(event) => event.currentTarget.select()}
                  className={cn(fieldClasses, 'h-10 font-mono')}
                />
                <Button variant="outline" className="shrink-0" onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            </div>
            <p
              id={warningId}
              className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong className="font-semibold">You won&apos;t see it again.</strong> Copy it now and keep it
                somewhere safe.
              </span>
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
