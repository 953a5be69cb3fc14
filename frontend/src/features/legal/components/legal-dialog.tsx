import type { ComponentProps } from 'react';

import { LEGAL_EFFECTIVE_DATE } from '#shared/constants';
import { AppLink } from '#frontend/components/app-link.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#frontend/components/ui/dialog.tsx';
import { PrivacyPolicy } from '#frontend/features/legal/components/privacy-policy.tsx';
import { TermsOfService } from '#frontend/features/legal/components/terms-of-service.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

export type LegalDocument = 'privacy' | 'terms';

const TITLES: Record<LegalDocument, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

interface LegalDialogProps {
  document: LegalDocument;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}

/** A legal text in a modal dialog (footer buttons "Privacy Policy" and "Terms of Service"). */
export function LegalDialog({ document, open, onOpenChange, onCloseAutoFocus }: LegalDialogProps) {
  // Following the link closes the dialog, then the contact page shows (through the router in the single-page app).
  const contactLink = (
    <DialogClose asChild>
      <AppLink
        to="/contact-us"
        className={cn(
          'rounded-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300',
          focusRing,
        )}
      >
        contact page
      </AppLink>
    </DialogClose>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader className="border-b border-slate-200 px-6 pt-6 pb-4 dark:border-slate-700">
          <DialogTitle>{TITLES[document]}</DialogTitle>
          <DialogDescription>Effective {LEGAL_EFFECTIVE_DATE}</DialogDescription>
        </DialogHeader>
        {/* Scrollable text: focusable so keyboard users can scroll it. */}
        <div
          tabIndex={0}
          role="region"
          aria-label={`${TITLES[document]} text`}
          className="min-h-0 flex-1 overflow-y-auto px-6 py-5 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset dark:focus-visible:ring-brand-400"
        >
          {document === 'privacy' ? (
            <PrivacyPolicy contactLink={contactLink} />
          ) : (
            <TermsOfService contactLink={contactLink} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
