import { lazy, Suspense, useRef, useState } from 'react';

import { PRODUCT_NAME } from '#shared/constants';
import { AppLink } from '#frontend/components/app-link.tsx';
import type { LegalDocument } from '#frontend/features/legal/components/legal-dialog.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';
import { useServerRenderTime } from '#frontend/lib/server-render.ts';

const LEGAL_LINKS: readonly { which: LegalDocument; label: string }[] = [
  { which: 'privacy', label: 'Privacy Policy' },
  { which: 'terms', label: 'Terms of Service' },
];

// The legal texts and the dialog code load on first use (prefetched on hover or focus), keeping them off
// every page's critical path, the public booking page's included.
const loadLegalDialog = () => import('#frontend/features/legal/components/legal-dialog.tsx');
const LegalDialog = lazy(() => loadLegalDialog().then((module) => ({ default: module.LegalDialog })));

/**
 * The current year; while a prerendered page hydrates, its server's (it may be served in a later year), taken in UTC
 * as the server took it (the browser's zone may already be in the next year).
 */
const yearAt = (serverTime: Date | null): number =>
  serverTime ? serverTime.getUTCFullYear() : new Date().getFullYear();

const footerLink = cn(
  'cursor-pointer rounded-sm text-sm text-slate-600 underline-offset-4 hover:text-brand-700 hover:underline',
  'dark:text-slate-300 dark:hover:text-brand-300',
  focusRing,
);

export function Footer({ roomForFloatingLink = false }: { roomForFloatingLink?: boolean }) {
  const [legalDocument, setLegalDocument] = useState<LegalDocument | null>(null);
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const year = yearAt(useServerRenderTime());

  const openDocument = (which: LegalDocument, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setLegalDocument(which);
    setOpen(true);
  };

  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div
        className={cn(
          'mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 pt-6 sm:flex-row sm:px-6',
          roomForFloatingLink ? 'pb-6 lg:pb-20' : 'pb-6',
        )}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">
          © {year} {PRODUCT_NAME}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
            {LEGAL_LINKS.map(({ which, label }) => (
              <li key={which}>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  className={footerLink}
                  onClick={(event) => openDocument(which, event.currentTarget)}
                  onPointerEnter={loadLegalDialog}
                  onFocus={loadLegalDialog}
                >
                  {label}
                </button>
              </li>
            ))}
            <li>
              <AppLink to="/contact-us" className={footerLink}>
                Contact Us
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      {legalDocument && (
        <Suspense fallback={null}>
          <LegalDialog
            document={legalDocument}
            open={open}
            onOpenChange={setOpen}
            // The dialog has no Radix trigger (it loads lazily), so return focus to the button that opened it.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openerRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </footer>
  );
}
