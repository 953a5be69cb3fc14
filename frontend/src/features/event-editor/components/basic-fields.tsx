import {
  EVENT_DURATION_MAX,
  EVENT_DURATION_MIN,
  EVENT_DURATION_OPTIONS,
  MEETING_TYPES,
  type MeetingType,
} from '#shared/constants';
import { Input } from '#frontend/components/ui/input.tsx';
import { Textarea } from '#frontend/components/ui/textarea.tsx';
import { Field, Select } from '#frontend/features/event-editor/components/form-controls.tsx';
import { LocationFields } from '#frontend/features/event-editor/components/location-fields.tsx';
import { fieldProps, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import { suggestSlug } from '#frontend/features/event-editor/lib/slug.ts';

const CUSTOM = 'custom';

/**
 * The event's basics: title, URL slug (suggested from the title until the host edits
 * it), description, duration (15/30/45/60/90 or a custom 5–240 minutes), location (issue 30) and meeting type (the spec's
 * four; its bookings carry it).
 */
export function BasicFields({
  form,
  slugEdited,
  onSlugEdited,
  googleConnected,
}: {
  form: EventForm;
  slugEdited: boolean;
  onSlugEdited: (edited: boolean) => void;
  /** The host's Google Calendar is connected (Google Meet needs it); null when not known or a team event. */
  googleConnected: boolean | null;
}) {
  const { values, set } = form;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="grid gap-5">
      <Field form={form} path="title" label="Event name" required>
        <Input
          {...fieldProps(form, 'title')}
          required
          placeholder="e.g. Intro Call"
          value={values.title}
          onChange={(event) => {
            const title = event.target.value;
            set(slugEdited ? { title } : { title, slug: suggestSlug(title) });
          }}
        />
      </Field>

      <Field form={form} path="slug" label="URL" required hint={`${origin}/book/${values.slug || 'your-event'}`}>
        <Input
          {...fieldProps(form, 'slug')}
          required
          autoCapitalize="off"
          spellCheck={false}
          value={values.slug}
          onChange={(event) => {
            const slug = event.target.value;
            // Emptied: the title's suggestion takes over again.
            onSlugEdited(slug !== '');
            set({ slug: slug === '' ? suggestSlug(values.title) : slug });
          }}
        />
      </Field>

      <Field form={form} path="description" label="Description">
        <Textarea
          {...fieldProps(form, 'description')}
          rows={4}
          placeholder="What is this meeting about?"
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
        />
      </Field>

      <Field form={form} path="duration" label="Duration" required>
        <div className="grid gap-2 sm:grid-cols-2">
          <Select
            {...(values.customDuration
              ? { 'aria-label': 'Duration', id: 'event-duration-choice' }
              : fieldProps(form, 'duration'))}
            value={values.customDuration ? CUSTOM : values.duration}
            onChange={(event) => {
              const choice = event.target.value;
              set(choice === CUSTOM ? { customDuration: true } : { customDuration: false, duration: choice });
            }}
          >
            {EVENT_DURATION_OPTIONS.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes} minutes
              </option>
            ))}
            <option value={CUSTOM}>Custom</option>
          </Select>
          {values.customDuration && (
            <Input
              {...fieldProps(form, 'duration')}
              type="number"
              inputMode="numeric"
              min={EVENT_DURATION_MIN}
              max={EVENT_DURATION_MAX}
              aria-label="Custom duration in minutes"
              value={values.duration}
              onChange={(event) => set({ duration: event.target.value })}
            />
          )}
        </div>
      </Field>

      <LocationFields form={form} googleConnected={googleConnected} />

      <Field form={form} path="meetingType" label="Meeting type">
        <Select
          {...fieldProps(form, 'meetingType')}
          value={values.meetingType}
          onChange={(event) => set({ meetingType: event.target.value as MeetingType })}
        >
          {(Object.entries(MEETING_TYPES) as Array<[MeetingType, string]>).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
