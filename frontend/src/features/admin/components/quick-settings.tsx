import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type Ref } from 'react';

import type { SettingsResponse } from '#shared/api/schemas/settings';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { ErrorAlert } from '#frontend/components/ui/error-alert.tsx';
import { SwitchField } from '#frontend/components/ui/switch.tsx';
import type { SettingsChange } from '#frontend/features/admin/api/update-settings.ts';
import { SlidersIcon } from '#frontend/features/admin/components/icons.tsx';

const SWITCHES = [
  {
    field: 'availableForBookings',
    label: 'Available for Bookings',
    description: 'When off, guests cannot book any event.',
  },
  {
    field: 'autoConfirmBookings',
    label: 'Auto-confirm Bookings',
    description: 'When off, new bookings wait for the host to confirm them.',
  },
  {
    field: 'emailNotifications',
    label: 'Email Notifications',
    description: 'When off, no booking e-mails are sent.',
  },
] as const;

export const panelClasses =
  'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/**
 * Quick Settings on the admin dashboard: the three switches, each change sent at once
 * (`onChange`), and the "Advanced Settings" button that shows or hides the Advanced Settings panel in the main area
 * (aria-expanded, aria-controls the main area).
 */
export function QuickSettings({
  settings,
  onChange,
  advancedOpen,
  onToggleAdvanced,
  mainAreaId,
  advancedButtonRef,
}: {
  settings: UseQueryResult<SettingsResponse>;
  onChange: (change: SettingsChange) => void;
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  mainAreaId: string;
  advancedButtonRef: Ref<HTMLButtonElement>;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={panelClasses}>
      <h2 id={titleId} className="text-lg font-semibold">
        Quick Settings
      </h2>
      {settings.isPending ? (
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Loading settings...
        </p>
      ) : settings.isError ? (
        <ErrorAlert
          className="mt-4"
          title="Failed to load settings"
          message={settings.error.message || 'Please try again later.'}
        />
      ) : (
        <div className="mt-4 grid gap-5">
          {SWITCHES.map(({ field, label, description }) => (
            <SwitchField
              key={field}
              label={label}
              description={description}
              checked={settings.data[field]}
              onCheckedChange={(checked) => onChange({ [field]: checked })}
            />
          ))}
        </div>
      )}
      {/* A plain button with the Button look: Button does not forward refs (React 18). */}
      <button
        ref={advancedButtonRef}
        type="button"
        className={buttonVariants({ variant: 'outline', className: 'mt-6 w-full' })}
        aria-expanded={advancedOpen}
        aria-controls={mainAreaId}
        onClick={onToggleAdvanced}
      >
        <SlidersIcon className="size-4" />
        Advanced Settings
      </button>
    </section>
  );
}
