import { Link } from 'react-router-dom';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ChevronLeft } from '#frontend/components/ui/icons.tsx';
import { DeleteAccountSection } from '#frontend/features/profile/components/delete-account-section.tsx';
import { ProfileDetailsForm } from '#frontend/features/profile/components/profile-details-form.tsx';
import { ProfilePhotoCard } from '#frontend/features/profile/components/profile-photo-card.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /profile-settings: the photo, the account details and the Danger Zone, with a
 * way back to the events. Behind the login guard, which has just asked for the current user; should it be missing
 * anyway, the page says so and offers the login page.
 */
export function ProfileSettingsPage() {
  useDocumentTitle('Profile Settings · Meetwise');
  // The guard asked the server on entering; the cached answer is enough here.
  const currentUser = useCurrentUser({ refetchOnMount: false });

  if (currentUser.isPending) return <PageLoading />;
  const user = currentUser.data;
  if (!user) return <SignedOut />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to="/events"
        className={cn(
          'inline-flex items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-brand-700',
          'dark:text-slate-200 dark:hover:text-brand-300',
          focusRing,
        )}
      >
        <ChevronLeft className="size-4" />
        Back to Events
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Profile Settings</h1>
      <div className="mt-8 grid gap-6">
        <ProfilePhotoCard user={user} />
        {/* Keyed by the account, so another user's values never linger in the form. */}
        <ProfileDetailsForm key={user.username} user={user} />
        <DeleteAccountSection />
      </div>
    </div>
  );
}

function SignedOut() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Profile Settings</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">
        You need to be logged in to access your profile settings.
      </p>
      <Link to="/login" className={buttonVariants({ className: 'mt-6' })}>
        Log in
      </Link>
    </section>
  );
}
