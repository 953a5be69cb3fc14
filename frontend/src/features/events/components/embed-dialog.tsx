import { useEffect, useId, useRef, useState } from 'react';

import type { EmbedTheme } from '#shared/embed';
import { Tabs } from '#frontend/components/tabs.tsx';
import { Button } from '#frontend/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { fieldClasses, Input } from '#frontend/components/ui/input.tsx';
import { Label } from '#frontend/components/ui/label.tsx';
import { SwitchField } from '#frontend/components/ui/switch.tsx';
import { toast } from '#frontend/components/ui/use-toast.ts';
import { CopyIcon } from '#frontend/features/events/components/icons.tsx';
import {
  DEFAULT_EMBED_OPTIONS,
  EMBED_KINDS,
  EMBED_LABEL_MAX,
  EMBED_THEMES,
  embedPreviewUrl,
  embedSnippet,
  type EmbedKind,
  type EmbedOptions,
} from '#frontend/features/events/lib/embed-snippets.ts';
import { cn } from '#frontend/lib/cn.ts';

/** How long a copy button says "Copied". */
const COPIED_MS = 2000;

/**
 * "Embed" in an event card's menu (issue 29): the three snippets that put the event's booking page on the host's own
 * site (inline, pop-up, floating button), each with its copy button, the options they carry (theme, hide the
 * details, transparent background, the button's label) and a live preview: the framed booking page with those options,
 * as the embed shows it (same origin, so the console may frame it).
 */
export function EmbedDialog({
  event,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  event: { title: string; slug: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl gap-5 overflow-y-auto p-4 sm:p-6" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted while open only: the options start from the defaults each time. */}
        {open && <EmbedDialogBody event={event} />}
      </DialogContent>
    </Dialog>
  );
}

function EmbedDialogBody({ event }: { event: { title: string; slug: string } }) {
  const origin = window.location.origin;
  const [kind, setKind] = useState<EmbedKind>('inline');
  const [options, setOptions] = useState<EmbedOptions>(DEFAULT_EMBED_OPTIONS);
  const set = (changes: Partial<EmbedOptions>) => setOptions((current) => ({ ...current, ...changes }));
  const input = { origin, slug: event.slug, options };
  const snippet = embedSnippet(kind, input);
  const preview = embedPreviewUrl(input);
  const chosen = EMBED_KINDS.find((item) => item.key === kind)!;
  const themeId = useId();
  const labelId = useId();
  const previewId = useId();

  return (
    <>
      <DialogHeader>
        <DialogTitle>Embed {event.title}</DialogTitle>
        <DialogDescription>
          Put this event&rsquo;s booking page on your own website: paste a snippet into your page&rsquo;s HTML. Guests
          book without leaving your site.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-5">
          <Tabs label="Embed type" items={EMBED_KINDS} selected={kind} onSelect={setKind}>
            <p className="text-sm text-slate-700 dark:text-slate-300">{chosen.description}</p>
            {/* Keyed by the code: another snippet has not been copied yet. */}
            <SnippetBox key={snippet} label={`${chosen.label} code`} code={snippet} />
          </Tabs>

          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Options</legend>
            <div>
              <Label htmlFor={themeId}>Theme</Label>
              <select
                id={themeId}
                className={cn(fieldClasses, 'mt-1.5 h-10 pr-8')}
                value={options.theme ?? ''}
                onChange={(change) => set({ theme: (change.target.value || null) as EmbedTheme | null })}
              >
                {EMBED_THEMES.map((theme) => (
                  <option key={theme.label} value={theme.value ?? ''}>
                    {theme.label}
                  </option>
                ))}
              </select>
            </div>
            <SwitchField
              label="Hide event details"
              description="Only the calendar and the form, without the event's summary."
              checked={options.hideDetails}
              onCheckedChange={(checked) => set({ hideDetails: checked })}
            />
            <SwitchField
              label="Transparent background"
              description="Your page shows around the booking page's cards."
              checked={options.transparent}
              onCheckedChange={(checked) => set({ transparent: checked })}
            />
            {kind !== 'inline' && (
              <div>
                <Label htmlFor={labelId}>{kind === 'popup' ? 'Link text' : 'Button label'}</Label>
                <Input
                  id={labelId}
                  className="mt-1.5"
                  maxLength={EMBED_LABEL_MAX}
                  value={options.label}
                  onChange={(change) => set({ label: change.target.value })}
                />
              </div>
            )}
          </fieldset>
        </div>

        <section aria-labelledby={previewId} className="grid content-start gap-2">
          <h3 id={previewId} className="text-sm font-semibold text-slate-900 dark:text-white">
            Live preview
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            The booking page as your visitors will see it{kind === 'inline' ? '' : ' in the pop-up'}.
          </p>
          <div
            className={cn(
              'overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700',
              // A checked backdrop, so a transparent background shows as one.
              'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#f8fafc_0_50%)] bg-[length:16px_16px]',
              'dark:bg-[repeating-conic-gradient(#1e293b_0_25%,#0f172a_0_50%)]',
            )}
          >
            {/* Keyed by the address: a new frame each time, so the console's history gets no entry per option. */}
            <iframe
              key={preview}
              src={preview}
              title={`Preview of the embedded booking page for ${event.title}`}
              className="block h-[32rem] w-full border-0 lg:h-[38rem]"
            />
          </div>
        </section>
      </div>
    </>
  );
}

/** One snippet, read-only and selectable, with its copy button ("Copied" for a moment, and said to screen readers). */
function SnippetBox({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy the code',
        description: 'Select the code and copy it yourself.',
      });
    }
  };

  return (
    <div className="mt-3 grid gap-2">
      <pre
        aria-label={label}
        className={cn(
          'rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-900',
          'dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100',
        )}
      >
        <code>{code}</code>
      </pre>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon className="size-4" />
          {copied ? 'Copied' : 'Copy code'}
        </Button>
        <p className="sr-only" aria-live="polite">
          {copied ? `${label} copied to the clipboard.` : ''}
        </p>
      </div>
    </div>
  );
}
