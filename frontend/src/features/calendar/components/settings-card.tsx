import type { CalendarSettings } from '#shared/api/schemas/calendar';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { SwitchField } from '#frontend/components/ui/switch.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { useCalendarSettings } from '#frontend/features/calendar/api/get-calendar-settings.ts';
import { useSaveCalendarSettings } from '#frontend/features/calendar/api/save-calendar-settings.ts';
import { CalendarCard } from '#frontend/features/calendar/components/calendar-card.tsx';
import { isUnauthorized, messageOr } from '#frontend/features/calendar/lib/errors.ts';

/** The calendar settings: all on until the host changes them. */
const DEFAULT_SETTINGS: CalendarSettings = { addToCalendar: true, updateOnReschedule: true, deleteOnCancel: true };

const SWITCHES: ReadonlyArray<{ key: keyof CalendarSettings; label: string; description: string }> = [
  {
    key: 'addToCalendar',
    label: 'Add bookings to Google Calendar',
    description: 'Each new booking is added as an event.',
  },
  {
    key: 'updateOnReschedule',
    label: 'Update on reschedule',
    description: "The event moves when a booking's time changes.",
  },
  {
    key: 'deleteOnCancel',
    label: 'Delete on cancel',
    description: 'The event is removed when a booking is cancelled.',
  },
];

/**
 * The three switches while Google Calendar is connected: toggling one saves all three at once,
 * shown immediately and put back if the save fails ('Update failed').
 */
export function SettingsCard({ onUnauthorized }: { onUnauthorized: () => void }) {
  const settings = useCalendarSettings({ enabled: true });
  const save = useSaveCalendarSettings();
  const current = settings.data ?? DEFAULT_SETTINGS;

  const onToggle = (key: keyof CalendarSettings, value: boolean) =>
    save.mutate(
      { ...current, [key]: value },
      {
        onError: (error) => {
          if (isUnauthorized(error)) onUnauthorized();
          toast({
            variant: 'destructive',
            title: 'Update failed',
            description: messageOr(error, 'Failed to update calendar settings.'),
          });
        },
      },
    );

  return (
    <CalendarCard title="Calendar settings" intro="What happens in your Google Calendar when guests book.">
      {settings.isError && !settings.data ? (
        isUnauthorized(settings.error) ? null : (
          <ErrorAlert
            className=""
            title="Error loading calendar settings"
            message="Something went wrong. Please try again later."
          />
        )
      ) : (
        <div className="grid gap-5">
          {SWITCHES.map(({ key, label, description }) => (
            <SwitchField
              key={key}
              label={label}
              description={description}
              checked={current[key]}
              onCheckedChange={(value) => onToggle(key, value)}
              // One save at a time: two in flight could land in either order and leave the server on the older choice.
              disabled={settings.isPending || save.isPending}
            />
          ))}
        </div>
      )}
    </CalendarCard>
  );
}
