import type { CurrentUser } from '#shared/api/schemas/auth';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useResendVerification } from '#frontend/features/auth/api/verify-email.ts';
import { isApiError } from '#frontend/lib/api.ts';

/**
 * Over every signed-in page while the account's address is not proven (issue 13, item 6): the account works, but its
 * address is trusted for nothing until the mailed link is used.
 */
export function VerifyEmailBanner({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1">
          Please confirm your e-mail address: we sent a link to <strong className="break-all">{user.email}</strong>.
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: ({ message }) => toast({ title: 'Link sent', description: message }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Error',
                  description:
                    isApiError(error) && error.status === 429
                      ? error.message
                      : 'The link could not be sent. Please try again.',
                }),
            })
          }
        >
          {resend.isPending ? 'Sending…' : 'Resend link'}
        </Button>
      </div>
    </section>
  );
}
