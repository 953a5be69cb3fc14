import { useEffect, useId, useRef } from 'react';

import { CUSTOM_CSS_MAX, DEFAULT_EVENT_COLOR, LOGO_COLOR_FALLBACK } from '#shared/constants';
import { Button } from '#frontend/components/ui/button.tsx';
import { Textarea } from '#frontend/components/ui/textarea.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { Field, Switch } from '#frontend/features/event-editor/components/form-controls.tsx';
import { ImageField } from '#frontend/features/event-editor/components/image-field.tsx';
import { readImagePixels } from '#frontend/features/event-editor/components/read-image-pixels.ts';
import { fieldProps, type EventForm } from '#frontend/features/event-editor/components/use-event-form.ts';
import { dominantColor } from '#frontend/features/event-editor/lib/dominant-color.ts';
import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * 'Customize Design' (with the guest logo upload): light or dark booking page, accent colour,
 * theme colour (tints the page) and secondary colour (a band over the event details), host photo, event photo,
 * guest logo and custom CSS. A new guest logo's dominant colour becomes the accent while the accent is still the
 * default.
 */
export function DesignSection({ form }: { form: EventForm }) {
  const { values, set } = form;
  // The accent as it is when a logo's colour is known (a host may pick one while the logo uploads).
  const accent = useRef(values.color);
  useEffect(() => {
    accent.current = values.color;
  }, [values.color]);

  const logoUploaded = async (file: File) => {
    let color: string;
    try {
      color = dominantColor(await readImagePixels(file)) ?? LOGO_COLOR_FALLBACK;
    } catch {
      color = LOGO_COLOR_FALLBACK; // the browser could not decode it: no usable colour
    }
    if (accent.current.toUpperCase() !== DEFAULT_EVENT_COLOR) return;
    set({ color });
    toast({ title: 'Logo color extracted', description: `The accent colour is now ${color}, taken from your logo.` });
  };

  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Booking page theme</legend>
        <div className="mt-2 flex gap-2">
          {(['light', 'dark'] as const).map((theme) => (
            <label
              key={theme}
              className={cn(
                'flex flex-1 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
                values.bookingTheme === theme
                  ? 'border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-100'
                  : 'border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200',
              )}
            >
              <input
                type="radio"
                name="bookingTheme"
                value={theme}
                checked={values.bookingTheme === theme}
                onChange={() => set({ bookingTheme: theme })}
                className="accent-brand-700"
              />
              {theme === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </div>
      </fieldset>

      <ColorField
        label="Accent colour"
        value={values.color}
        onChange={(color) => set({ color: color ?? DEFAULT_EVENT_COLOR })}
      />
      <ColorField
        optional
        label="Theme colour"
        hint="Tints the booking page's background."
        value={values.themeColor}
        onChange={(themeColor) => set({ themeColor })}
      />
      <ColorField
        optional
        label="Secondary colour"
        hint="A band above the event details."
        value={values.secondaryColor}
        onChange={(secondaryColor) => set({ secondaryColor })}
      />

      <Switch
        label="Show host photo"
        checked={values.showHostPhoto}
        onCheckedChange={(showHostPhoto) => set({ showHostPhoto })}
      />

      <ImageField
        label="Event photo"
        url={values.eventPhotoUrl}
        show={values.showEventPhoto}
        showLabel="Show event photo"
        onUrlChange={(eventPhotoUrl) => set({ eventPhotoUrl })}
        onShowChange={(showEventPhoto) => set({ showEventPhoto })}
      />
      <ImageField
        label="Guest logo"
        url={values.guestLogoUrl}
        show={values.showGuestLogo}
        showLabel="Show guest logo"
        onUrlChange={(guestLogoUrl) => set({ guestLogoUrl })}
        onShowChange={(showGuestLogo) => set({ showGuestLogo })}
        onUploaded={(file) => void logoUploaded(file)}
      />

      <Field
        form={form}
        path="customCss"
        label="Custom CSS"
        hint="Applies inside your booking page only; @import, outside url() and at-rules other than @media are left out."
      >
        <Textarea
          {...fieldProps(form, 'customCss')}
          rows={6}
          maxLength={CUSTOM_CSS_MAX}
          spellCheck={false}
          className="font-mono text-xs"
          placeholder=".booking-title { letter-spacing: 0.02em; }"
          value={values.customCss}
          onChange={(event) => set({ customCss: event.target.value })}
        />
      </Field>
    </>
  );
}

/** A colour input; optional colours (`value` may be null) can be cleared. */
function ColorField({
  label,
  hint,
  optional = false,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  optional?: boolean;
  value: string | null;
  onChange: (color: string | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-3">
        <input
          id={id}
          type="color"
          value={(value ?? '#FFFFFF').toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={cn(
            'h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900',
            focusRing,
          )}
        />
        <span className="font-mono text-sm text-slate-700 dark:text-slate-300">{value ?? 'None'}</span>
        {optional && value && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Clear ${label.toLowerCase()}`}>
            Clear
          </Button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
