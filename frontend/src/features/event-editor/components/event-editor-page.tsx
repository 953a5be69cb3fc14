import { Link, useSearchParams } from 'react-router-dom';

import { PageLoading } from '#frontend/components/page-loading.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { useEvent } from '#frontend/features/event-editor/api/get-event.ts';
import { EventEditor } from '#frontend/features/event-editor/components/event-editor.tsx';
import { useCurrentUser } from '#frontend/lib/use-current-user.ts';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/**
 * /events/new (create), /events/new?team={slug} (create a team's event, issue 28) and /events/new?edit={id} (edit;
 * the editor's edit mode), full screen behind the login guard.
 * In edit mode the event is loaded first and the form starts from it.
 */
export function EventEditorPage() {
  const [params] = useSearchParams();
  const editRef = params.get('edit');
  useDocumentTitle(editRef ? 'Edit Event · Meetwise' : 'Create New Event · Meetwise');
  // The guard asked the server on entering; the cached answer is enough here.
  const currentUser = useCurrentUser({ refetchOnMount: false });
  const event = useEvent(editRef);

  if (currentUser.isPending || (editRef !== null && event.isPending)) return <PageLoading />;
  if (editRef !== null && !event.data) return <EventNotLoaded />;
  // Keyed by the event, so going from one edit to another (or to a new event) starts a fresh form.
  return (
    <EventEditor
      key={editRef ?? `new-${params.get('team') ?? ''}`}
      event={event.data ?? null}
      user={currentUser.data ?? null}
      teamParam={params.get('team')}
    />
  );
}

function EventNotLoaded() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Event Not Found</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">
        This event could not be loaded. It may have been deleted.
      </p>
      <Link to="/events" className={buttonVariants({ className: 'mt-6' })}>
        Back to Events
      </Link>
    </section>
  );
}
