import { useEffect, useState } from 'react';

import { Button, buttonVariants } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { googleAuthUrl, type GoogleAuthType } from '#frontend/features/auth/components/use-google-sign-in.ts';

const DEBUG_URL = '/api/auth/debug-url';

/**
 * Only an https address or one of this site is opened as the full OAuth URL (never a `javascript:` one from a bad
 * answer). The server gives this site's own address that starts Google sign-in.
 */
function oauthUrlOf(answer: unknown): string | null {
  const url = (answer as { oauth?: { googleAuthUrl?: unknown } } | null)?.oauth?.googleAuthUrl;
  if (typeof url !== 'string') return null;
  return url.startsWith('https://') || url.startsWith(`${window.location.origin}/`) ? url : null;
}

/**
 * The fallback when the browser did not leave for Google (the Google fallback dialog):
 * the direct link, the debug tool and the full OAuth URL, each in a new tab.
 */
export function GoogleFallbackDialog({
  type,
  open,
  onOpenChange,
}: {
  type: GoogleAuthType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [oauthUrl, setOauthUrl] = useState<string | null>(null);

  // The full OAuth URL, fetched when the dialog opens (GET /api/auth/debug-url; a plain fetch, so the login page
  // does not carry the route table's schemas). A failure is only logged: option 3 then stays unavailable.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(DEBUG_URL, { credentials: 'include', headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET ${DEBUG_URL} answered ${response.status}`);
        setOauthUrl(oauthUrlOf(await response.json()));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not fetch the Google OAuth URL', error);
      });
    return () => controller.abort();
  }, [open]);

  const option = 'w-full justify-start whitespace-normal text-left h-auto py-2.5';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Google Authentication</DialogTitle>
          <DialogDescription>If automatic redirection didn't work, please try one of these options:</DialogDescription>
        </DialogHeader>
        <ol className="grid gap-2">
          <li>
            <a
              href={googleAuthUrl(type)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: option })}
            >
              Option 1: Open the direct Google sign-in link
            </a>
          </li>
          <li>
            <a
              href={DEBUG_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: option })}
            >
              Option 2: Open the authentication debug tool
            </a>
          </li>
          <li>
            {oauthUrl ? (
              <a
                href={oauthUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', className: option })}
              >
                Option 3: Open the full OAuth URL
              </a>
            ) : (
              <Button variant="outline" className={option} disabled>
                Option 3: Full OAuth URL (not available yet)
              </Button>
            )}
          </li>
        </ol>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Still stuck? Try another browser or check your internet connection.
        </p>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
