import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import type { CurrentUser } from '#shared/api/schemas/auth';
import { eventBody, type EventBody, type HostEvent } from '#shared/api/schemas/host-events';
import { GOOGLE_MEET_NEEDS_GOOGLE } from '#shared/locations';
import { Button } from '#frontend/components/ui/button.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { canActivateEvents } from '#frontend/features/event-editor/api/can-activate.ts';
import { useCreateEvent } from '#frontend/features/event-editor/api/create-event.ts';
import { useTeamMembers } from '#frontend/features/event-editor/api/get-team.ts';
import { useDateOverrides } from '#frontend/features/event-editor/api/list-date-overrides.ts';
import { useUpdateEvent } from '#frontend/features/event-editor/api/update-event.ts';
import { BasicFields } from '#frontend/features/event-editor/components/basic-fields.tsx';
import { CollapsibleSection } from '#frontend/features/event-editor/components/collapsible-section.tsx';
import { DateExceptionsSection } from '#frontend/features/event-editor/components/date-exceptions-section.tsx';
import { DesignSection } from '#frontend/features/event-editor/components/design-section.tsx';
import { EventLimitsSection } from '#frontend/features/event-editor/components/event-limits-section.tsx';
import { EventPreview } from '#frontend/features/event-editor/components/event-preview.tsx';
import { RemindersSection } from '#frontend/features/event-editor/components/reminders-section.tsx';
import { TeamSection } from '#frontend/features/event-editor/components/team-section.tsx';
import { useEventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import { WorkingHoursSection } from '#frontend/features/event-editor/components/working-hours-section.tsx';
import {
  errorsByPath,
  formValuesFromEvent,
  isGoogleConnected,
  locationTypeProblem,
  newEventFormValues,
  settingsDefaults,
  toEventBody,
} from '#frontend/features/event-editor/lib/event-form.ts';
import { initialTeamChoice, teamBodyFields } from '#frontend/features/event-editor/lib/team-hosts.ts';
import { isApiError } from '#frontend/lib/api.ts';
import { useCalendarStatus } from '#frontend/lib/calendar-status.ts';
import { todayIn } from '#frontend/lib/dates.ts';
import { useSettings } from '#frontend/lib/settings.ts';

/** The editor goes back to /events this long after a save. */
const REDIRECT_DELAY_MS = 300;
const FORM_ID = 'event-form';

type Section = 'hours' | 'limits' | 'reminders' | 'design';
/** Which collapsible section holds a field, so an invalid submit can open it. */
const SECTION_FIELDS: Record<Section, readonly string[]> = {
  hours: ['availabilityRanges', 'timeZone'],
  limits: [
    'bufferBefore',
    'bufferAfter',
    'minimumNoticeAmount',
    'minimumNoticeUnit',
    'advanceBookingDays',
    'maxBookingsPerDay',
    'requiresConfirmation',
    'pendingExpiryHours',
  ],
  reminders: ['reminders', 'remindHost'],
  design: [
    'bookingTheme',
    'color',
    'themeColor',
    'secondaryColor',
    'showHostPhoto',
    'showEventPhoto',
    'eventPhotoUrl',
    'showGuestLogo',
    'guestLogoUrl',
    'customCss',
  ],
};
const sectionsWithErrors = (errors: Record<string, string>): Section[] =>
  (Object.keys(SECTION_FIELDS) as Section[]).filter((section) =>
    Object.keys(errors).some((path) => SECTION_FIELDS[section].includes(path.split('.')[0]!)),
  );

/** A 400 answer's field messages; paths may read "body.title", "/title" or "title". */
const errorsFromDetails = (details: readonly { path: string; message: string }[]): Record<string, string> =>
  errorsByPath(
    details.map((detail) => ({
      path: detail.path.replace(/^\/|^body[./]/, '').split(/[./]/),
      message: detail.message,
    })),
  );

/**
 * The create/edit event screen (new, edit mode, and what saving does): the form
 * on the left, checked with the shared eventBody schema before it is sent, and the live preview on the right. A new
 * event is created inactive when the host can no longer activate events (trial over, no subscription).
 */
export function EventEditor({
  event,
  user,
  teamParam = null,
}: {
  event: HostEvent | null;
  user: CurrentUser | null;
  /** /events/new?team={slug}: a new event of that team. */
  teamParam?: string | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A new event starts from the admin's duration and break when they are known (else the shared defaults); an answer
  // that comes later fills the fields the host has not touched.
  const settings = useSettings({ enabled: event === null, everyMount: true });
  const form = useEventForm(() => (event ? formValuesFromEvent(event) : newEventFormValues(settings.data)));
  const { fillUntouched } = form;
  useEffect(() => {
    if (event === null && settings.data) fillUntouched(settingsDefaults(settings.data));
  }, [event, settings.data, fillUntouched]);
  const [slugEdited, setSlugEdited] = useState(event !== null);
  const [open, setOpen] = useState<Record<Section, boolean>>({
    hours: false,
    limits: false,
    reminders: false,
    design: false,
  });
  const [saving, setSaving] = useState(false);
  // A team event's team, scheduling type and hosts (issue 28); null for a personal event.
  const [team, setTeam] = useState(() => initialTeamChoice(event, teamParam));
  const teamData = useTeamMembers(team?.teamSlug ?? null).data;
  // Google Meet needs the host's Google Calendar (issue 30); a team event's hosts are checked by the server.
  const calendar = useCalendarStatus({ enabled: team === null });
  const googleConnected = team === null ? isGoogleConnected(calendar.data) : null;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const eventRef = event ? String(event.id) : null;
  const overrides = useDateOverrides(eventRef);
  const formRef = useRef<HTMLFormElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const today = todayIn(form.values.timeZone);
  const editing = event !== null;

  const save = async (body: EventBody) => {
    if (event) return update.mutateAsync({ eventRef: String(event.id), body: { ...body, id: event.id } });
    const active = await canActivateEvents(queryClient, user?.createdAt);
    return create.mutateAsync({ ...body, active });
  };

  const showErrors = (errors: Record<string, string>) =>
    form.showErrors(errors, formRef.current, () =>
      setOpen((current) => ({
        ...current,
        ...Object.fromEntries(sectionsWithErrors(errors).map((section) => [section, true])),
      })),
    );

  const onSubmit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (saving) return;
    const parsed = eventBody.safeParse({ ...toEventBody(form.values), ...teamBodyFields(team) });
    const meetProblem = locationTypeProblem(form.values, googleConnected);
    if (!parsed.success || meetProblem) {
      showErrors({
        ...(meetProblem && { locationType: meetProblem }),
        ...(parsed.success ? {} : errorsByPath(parsed.error.issues)),
      });
      toast(
        parsed.success && meetProblem
          ? { variant: 'destructive', title: 'Please choose another location', description: meetProblem }
          : {
              variant: 'destructive',
              title: 'Please complete required fields',
              description: 'Please fill in all required fields marked with an asterisk (*) to continue.',
            },
      );
      return;
    }
    form.setErrors({});
    setSaving(true);
    try {
      await save(parsed.data);
    } catch (error) {
      setSaving(false);
      const shown = isApiError(error) && (error.status === 409 || error.status === 402 || error.status === 400);
      if (isApiError(error) && error.status === 409) showErrors({ slug: error.message });
      else if (isApiError(error) && error.code === 'GOOGLE_MEET_NEEDS_GOOGLE')
        showErrors({ locationType: error.message || GOOGLE_MEET_NEEDS_GOOGLE });
      else if (isApiError(error) && error.status === 400 && error.details?.length)
        showErrors(errorsFromDetails(error.details));
      toast({
        variant: 'destructive',
        title: editing ? 'Failed to update event' : 'Failed to create event',
        description: shown ? error.message : 'Something went wrong while saving your event. Please try again.',
      });
      return;
    }
    toast({ title: editing ? 'Event updated!' : 'Event created!' });
    redirect.current = setTimeout(() => navigate('/events'), REDIRECT_DELAY_MS);
  };

  const section = (key: Section) => ({
    open: open[key],
    onOpenChange: (next: boolean) => setOpen((current) => ({ ...current, [key]: next })),
  });
  // A team event's preview: the team's name and logo, and the hosts chosen so far.
  const teamName = teamData?.name ?? event?.teamName ?? team?.teamSlug ?? '';
  const teamLogo = teamData ? teamData.logoUrl : (event?.hostPhotoUrl ?? null);
  const host = team
    ? {
        name: teamName,
        photoUrl: teamLogo,
        team: { name: teamName, slug: team.teamSlug, logoUrl: teamLogo },
        hosts: (team.hosts ?? []).flatMap((chosen) => {
          const member = teamData?.members.find((candidate) => candidate.userId === chosen.userId);
          return member ? [{ name: member.name || member.email, photoUrl: null }] : [];
        }),
      }
    : { name: user?.name || user?.username || 'Your name', photoUrl: event?.hostPhotoUrl ?? user?.photoUrl ?? null };

  return (
    <div className="flex flex-1 flex-col lg:h-dvh lg:flex-none lg:flex-row">
      <div className="flex w-full flex-col border-slate-200 lg:min-h-0 bg-white lg:w-[30rem] lg:shrink-0 lg:border-r xl:w-[34rem] dark:border-slate-800 dark:bg-slate-950">
        <header className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h1 className="text-xl font-bold tracking-tight">
            {editing ? 'Edit Event' : team ? 'Create Team Event' : 'Create New Event'}
          </h1>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            Fields marked with an asterisk (<span aria-hidden="true">*</span>
            <span className="sr-only">asterisk</span>) are required.
          </p>
        </header>

        <div className="grid flex-1 content-start gap-6 px-5 py-6 lg:min-h-0 lg:overflow-y-auto">
          <form
            id={FORM_ID}
            ref={formRef}
            noValidate
            onSubmit={(submitted) => void onSubmit(submitted)}
            className="grid gap-6"
          >
            <BasicFields
              form={form}
              slugEdited={slugEdited}
              onSlugEdited={setSlugEdited}
              googleConnected={googleConnected}
            />
            {team && <TeamSection form={form} choice={team} onChange={setTeam} />}
            <CollapsibleSection title="Working hours" {...section('hours')}>
              <WorkingHoursSection form={form} />
            </CollapsibleSection>
            <CollapsibleSection title="Event limits" {...section('limits')}>
              <EventLimitsSection form={form} />
            </CollapsibleSection>
            <CollapsibleSection title="Reminders" {...section('reminders')}>
              <RemindersSection form={form} />
            </CollapsibleSection>
            <CollapsibleSection title="Customize Design" {...section('design')}>
              <DesignSection form={form} />
            </CollapsibleSection>
          </form>
          <DateExceptionsSection
            eventRef={eventRef}
            overrides={overrides.data ?? []}
            loading={overrides.isPending && eventRef !== null}
            today={today}
          />
        </div>

        <footer className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
          <Button variant="outline" onClick={() => navigate('/events')}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={saving}>
            {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Event' : 'Save & Finish'}
          </Button>
        </footer>
      </div>

      <aside aria-label="Booking page preview" className="flex min-h-[40rem] flex-1 flex-col lg:overflow-y-auto">
        <EventPreview values={form.values} overrides={overrides.data ?? []} host={host} today={today} />
      </aside>
    </div>
  );
}
