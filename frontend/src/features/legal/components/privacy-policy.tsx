import type { ReactNode } from 'react';

import { LEGAL_EFFECTIVE_DATE, MINIMUM_AGE, PRODUCT_NAME } from '#shared/constants';
import { LegalList, LegalSection } from '#frontend/features/legal/components/legal-section.tsx';

/** The Privacy Policy. `contactLink` renders the words "contact page" as a link. */
export function PrivacyPolicy({ contactLink }: { contactLink: ReactNode }) {
  return (
    <>
      <p className="mb-6 text-sm leading-6 text-slate-700 dark:text-slate-300">
        {PRODUCT_NAME} is an appointment-scheduling service: hosts share booking pages and guests choose a time without
        creating an account. This policy explains what information we collect when you use {PRODUCT_NAME}, how we use
        and share it, and the choices you have. It takes effect on {LEGAL_EFFECTIVE_DATE}.
      </p>

      <LegalSection title="Who may use Meetwise">
        <p>
          You must be {MINIMUM_AGE} years of age or older to use {PRODUCT_NAME}. We do not knowingly collect information
          from anyone under {MINIMUM_AGE}.
        </p>
      </LegalSection>

      <LegalSection title="Information we collect">
        <LegalList>
          <li>
            <strong>Account information.</strong> When you sign in with Google, we receive your name, email address and
            profile photo from your Google account. You can change your name, email address and photo in Profile
            Settings.
          </li>
          <li>
            <strong>Calendar information.</strong> If you connect your Google Calendar, we read your free/busy
            information and events so that guests are only offered times when you are available and you are never
            double-booked. We also write the bookings guests make into your calendar and, if you choose in your calendar
            settings, update or remove them when a booking is rescheduled or cancelled.
          </li>
          <li>
            <strong>Booking information.</strong> When a guest books a meeting, we collect the details they enter (name,
            email address, any additional information and the email addresses of invited guests) together with the
            chosen time and time zone.
          </li>
          <li>
            <strong>Payment information.</strong> Payments are handled by our payment provider, Stripe. Your card
            details go to Stripe; we never store your card number. We keep a record of your plan and of each payment's
            date, amount and status so we can show your billing history.
          </li>
          <li>
            <strong>Messages you send us.</strong> When you use the contact page, we collect your name, email address,
            subject and message.
          </li>
          <li>
            <strong>Sign-in cookie.</strong> We use a cookie to keep you signed in between visits.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection title="How we use information">
        <LegalList>
          <li>To run your booking pages, work out your availability and create bookings.</li>
          <li>To send booking confirmations and reminders to hosts and guests.</li>
          <li>To manage your account, your free trial and your subscription.</li>
          <li>To answer the messages you send us.</li>
          <li>To keep the service working properly and to prevent misuse.</li>
        </LegalList>
        <p>
          We use the data we receive from your Google account only to provide the features described in this policy.
        </p>
      </LegalSection>

      <LegalSection title="How we share information">
        <LegalList>
          <li>
            <strong>With hosts.</strong> The details a guest enters when booking are shared with the host whose booking
            page they used.
          </li>
          <li>
            <strong>With Google.</strong> To read your availability and add bookings to your calendar, as you
            authorized.
          </li>
          <li>
            <strong>With Stripe.</strong> To process your payments.
          </li>
        </LegalList>
        <p>We share your information only as described here or when the law requires it.</p>
      </LegalSection>

      <LegalSection title="Your choices">
        <LegalList>
          <li>
            You can revoke {PRODUCT_NAME}'s access to your Google Calendar at any time, either by disconnecting it on
            the Calendar Integration page or from the security settings of your Google account. While no calendar is
            connected, guests cannot book your events.
          </li>
          <li>You can update your profile at any time in Profile Settings, and delete your account there too.</li>
          <li>You can cancel your subscription at any time from Billing Details.</li>
        </LegalList>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <p>If we change this policy, we will publish the new version here with its new effective date.</p>
      </LegalSection>

      <LegalSection title="Contact us">
        <p>Questions about this policy or your information? Send us a message through our {contactLink}.</p>
      </LegalSection>
    </>
  );
}
