import type { ReactNode } from 'react';

import { LEGAL_EFFECTIVE_DATE, MINIMUM_AGE, PRODUCT_NAME, TRIAL_DAYS } from '#shared/constants';
import { LegalList, LegalSection } from '#frontend/features/legal/components/legal-section.tsx';

/** The Terms of Service. `contactLink` renders the words "contact page" as a link. */
export function TermsOfService({ contactLink }: { contactLink: ReactNode }) {
  return (
    <>
      <p className="mb-6 text-sm leading-6 text-slate-700 dark:text-slate-300">
        These terms govern your use of {PRODUCT_NAME}, an appointment-scheduling service, from {LEGAL_EFFECTIVE_DATE}.
        By creating an account or booking a meeting through {PRODUCT_NAME}, you agree to them. Please read them together
        with our Privacy Policy.
      </p>

      <LegalSection title="Eligibility">
        <p>
          You must be at least {MINIMUM_AGE} years old to use {PRODUCT_NAME}. By using it, you confirm that you are.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <p>
          You can sign in to {PRODUCT_NAME} with your Google account. You are responsible for what happens under your
          account, so keep your sign-in details to yourself and your profile information accurate.
        </p>
      </LegalSection>

      <LegalSection title="Google Calendar">
        <p>
          To accept bookings, you connect a Google Calendar. You allow {PRODUCT_NAME} to read your free/busy information
          and events to avoid double-booking, and to write the bookings guests make into your calendar. You can revoke
          this access at any time; while no calendar is connected, guests cannot book your events.
        </p>
      </LegalSection>

      <LegalSection title="Free trial">
        <p>
          New accounts get a {TRIAL_DAYS}-day free trial, starting when the account is created. No credit card is
          required. When the trial ends, you need a paid plan to keep your event types active.
        </p>
      </LegalSection>

      <LegalSection title="Plans and payment">
        <LegalList>
          <li>
            We offer monthly and annual subscriptions and a one-time lifetime plan. The price is shown before you pay.
          </li>
          <li>Payments are processed by our payment provider, Stripe. We never store your card number.</li>
          <li>Monthly and annual subscriptions renew at the end of each billing period until you cancel them.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="Cancellation and refunds">
        <p>
          You can cancel your subscription at any time from Billing Details. The cancellation takes effect at the end of
          the current billing period, and your plan stays active until then. We do not give refunds for partial billing
          periods.
        </p>
      </LegalSection>

      <LegalSection title="Acceptable use">
        <p>
          Do not use {PRODUCT_NAME} to send spam, to mislead or harass anyone, to break the law, or to interfere with
          the service or other people's accounts. Hosts are responsible for the content of their booking pages and for
          the meetings they arrange.
        </p>
      </LegalSection>

      <LegalSection title="Ending your use">
        <p>
          You can stop using {PRODUCT_NAME} and delete your account at any time from Profile Settings. We may suspend or
          close accounts that break these terms.
        </p>
      </LegalSection>

      <LegalSection title="The service">
        <p>
          We work to keep {PRODUCT_NAME} available and accurate, but the service is provided "as is" and we cannot
          promise that it will always be uninterrupted or free of errors.
        </p>
      </LegalSection>

      <LegalSection title="Changes to these terms">
        <p>
          If we change these terms, we will publish the new version here with its new effective date. Continuing to use{' '}
          {PRODUCT_NAME} after that date means you accept the new terms.
        </p>
      </LegalSection>

      <LegalSection title="Contact us">
        <p>Questions about these terms? Send us a message through our {contactLink}.</p>
      </LegalSection>
    </>
  );
}
