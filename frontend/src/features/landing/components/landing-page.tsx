import { Link } from 'react-router-dom';

import { TRIAL_DAYS } from '#shared/constants';
import { GoogleLogo } from '#frontend/components/google-logo.tsx';
import { ServerMarkup } from '#frontend/components/server-markup.tsx';
import { buttonVariants } from '#frontend/components/ui/button.tsx';
import { BookingPreview } from '#frontend/features/landing/components/booking-preview.tsx';
import { FeaturesSection } from '#frontend/features/landing/components/features-section.tsx';
import { PricingSection } from '#frontend/features/landing/components/pricing-section.tsx';
import { SectionHeading } from '#frontend/features/landing/components/section-heading.tsx';
import { SecuritySection } from '#frontend/features/landing/components/security-section.tsx';
import { TestimonialsSection } from '#frontend/features/landing/components/testimonials-section.tsx';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** Full browser navigation (the server starts the Google sign-in), so a plain link rather than a router Link. */
const GOOGLE_REGISTER_URL = '/api/auth/google?type=register';
const TRIAL_NOTE = `${TRIAL_DAYS}-day free trial · No credit card required`;

/** The landing page's document title (also in the HTML of the page prerendered at build time). */
export const LANDING_TITLE = 'Meetwise · Online appointment scheduling';

/**
 * /, the landing page: hero with the two sign-up paths, a read-only demo of the
 * booking page on sample data, features, pricing (#pricing), sample testimonials, security and a final call to action.
 */
export function LandingPage() {
  useDocumentTitle(LANDING_TITLE);

  return (
    <div className="flex-1">
      {/* The sections of copy are kept as prerendered (ServerMarkup): only the header, the demo and the footer hydrate. */}
      <ServerMarkup>
        <Hero />
      </ServerMarkup>
      <section aria-labelledby="demo-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
        <div className="mx-auto max-w-4xl">
          <SectionHeading
            id="demo-title"
            title="See what your guests see"
            intro="This is a booking page with sample data. Pick a day to see its open times; nothing is booked."
          />
          <div className="mt-10">
            <BookingPreview />
          </div>
        </div>
      </section>
      {/* Below the fold: the browser skips each section's style, layout and paint until it nears the screen. */}
      <ServerMarkup className="[&>section]:[contain-intrinsic-size:auto_60rem] [&>section]:[content-visibility:auto]">
        <FeaturesSection />
        <PricingSection />
        <TestimonialsSection />
        <SecuritySection />
        <FinalCallToAction />
      </ServerMarkup>
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-24 sm:pb-20">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
          Appointment scheduling, simplified
        </p>
        <h1
          id="hero-title"
          className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
        >
          Let people book time with you, without the back-and-forth
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Guests open your Meetwise booking page, pick a date, choose a time shown in their own time zone, and confirm.
          The booking lands in your built-in Meetwise calendar, and no time can be booked twice.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <a href={GOOGLE_REGISTER_URL} className={buttonVariants({ size: 'lg' })}>
            <span className="inline-flex size-6 items-center justify-center rounded-full bg-white">
              <GoogleLogo className="size-4" />
            </span>
            Sign up with Google
          </a>
          <Link to="/register-email" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Sign up with email
          </Link>
        </div>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{TRIAL_NOTE}</p>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-3xl rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12 dark:bg-slate-800">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white">
          Ready to stop chasing meeting times?
        </h2>
        <p className="mt-4 text-slate-300">Create your account in a minute with your e-mail address.</p>
        <Link to="/register" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          Sign up for free
        </Link>
        <p className="mt-4 text-sm text-slate-300">{TRIAL_NOTE}</p>
      </div>
    </section>
  );
}
