import { lazy, useCallback, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams, useSearchParams } from 'react-router-dom';

import { bookingSlugOf, RESERVED_EVENT_SLUGS } from '#frontend/app/layout-rules.ts';
import { Layout } from '#frontend/app/layout.tsx';
import { NotFoundPage } from '#frontend/app/not-found.tsx';
import { loadAuthScreens } from '#frontend/features/auth/load.ts';
import { prefetchBookingPage } from '#frontend/features/booking/api/early-fetch.ts';
// In the entry chunk, not lazy: the guest's page renders as soon as its data is there, without a second chunk
// round trip (the landing page embeds the same calendar and slot list, so it costs other pages little).
import { BookingPage } from '#frontend/features/booking/components/booking-page.tsx';

/** A thenable that answers at once: React.lazy then renders its component in the same pass, without suspending. */
const settled = <T,>(value: T) => ({ then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) });

/**
 * A page's code in its own chunk, loaded the first time the page shows (the layout's Suspense shows meanwhile), or
 * before, with `preload`: a page loaded so renders at once, which a prerendered page's hydration needs (its
 * markup is the page's, not the Suspense fallback).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: ComponentType | undefined;
  const fetchPage = async () => (loaded ??= (await load())[name]);
  const Page = lazy(() =>
    loaded
      ? (settled({ default: loaded }) as unknown as Promise<{ default: ComponentType }>)
      : fetchPage().then((component) => ({ default: component })),
  );
  return Object.assign(Page, { preload: async () => void (await fetchPage()) });
}

const LandingPage = page(() => import('#frontend/features/landing/components/landing-page.tsx'), 'LandingPage');
const ContactPage = page(() => import('#frontend/features/contact/components/contact-page.tsx'), 'ContactPage');
const DebugPage = page(() => import('#frontend/features/debug/components/debug-page.tsx'), 'DebugPage');
const EventsPage = page(() => import('#frontend/features/events/components/events-page.tsx'), 'EventsPage');
const HourlyDebugPage = page(
  () => import('#frontend/features/events/components/hourly-debug-page.tsx'),
  'HourlyDebugPage',
);
const ProfileSettingsPage = page(
  () => import('#frontend/features/profile/components/profile-settings-page.tsx'),
  'ProfileSettingsPage',
);
const CalendarIntegrationPage = page(
  () => import('#frontend/features/calendar/components/calendar-integration-page.tsx'),
  'CalendarIntegrationPage',
);
const CalendarConnectedPage = page(
  () => import('#frontend/features/calendar/components/calendar-connected-page.tsx'),
  'CalendarConnectedPage',
);
const EventEditorPage = page(
  () => import('#frontend/features/event-editor/components/event-editor-page.tsx'),
  'EventEditorPage',
);
const ManageBookingPage = page(
  () => import('#frontend/features/manage-booking/components/manage-booking-page.tsx'),
  'ManageBookingPage',
);
const BookingDetailPage = page(
  () => import('#frontend/features/bookings/components/booking-detail-page.tsx'),
  'BookingDetailPage',
);
const HostBookingsPage = page(
  () => import('#frontend/features/bookings/components/host-bookings-page.tsx'),
  'HostBookingsPage',
);
const AdminDashboardPage = page(
  () => import('#frontend/features/admin/components/admin-dashboard-page.tsx'),
  'AdminDashboardPage',
);
// Teams (issue 28): the console's teams, a team, the caller's invitations.
const TeamsPage = page(() => import('#frontend/features/teams/components/teams-page.tsx'), 'TeamsPage');
const TeamPage = page(() => import('#frontend/features/teams/components/team-page.tsx'), 'TeamPage');
const InvitationsPage = page(
  () => import('#frontend/features/teams/components/invitations-page.tsx'),
  'InvitationsPage',
);
// Integrations (issue 29): webhooks and API keys, one chunk for both screens.
const loadIntegrationScreens = () => import('#frontend/features/integrations/components/integrations-screens.ts');
const WebhooksPage = page(loadIntegrationScreens, 'WebhooksPage');
const ApiKeysPage = page(loadIntegrationScreens, 'ApiKeysPage');
// A team's public page (issue 28): published as HTML with the booking page's entry; here for in-app links.
const PublicTeamRoute = page(async () => {
  const { PublicTeamPage } = await import('#frontend/features/team-page/components/public-team-page.tsx');
  return {
    PublicTeamRoute: function PublicTeamRoute() {
      const { teamSlug = '' } = useParams();
      return <PublicTeamPage slug={teamSlug.toLowerCase()} />;
    },
  };
}, 'PublicTeamRoute');
// Billing (issue 18): its own chunks, Stripe's code in a further one loaded only when a payment form opens.
const BillingDetailsPage = page(
  () => import('#frontend/features/billing/components/billing-details-page.tsx'),
  'BillingDetailsPage',
);
const BillingSuccessPage = page(
  () => import('#frontend/features/billing/components/billing-success-page.tsx'),
  'BillingSuccessPage',
);
// The auth screens share one chunk (features/auth/load.ts).
const LoginPage = page(loadAuthScreens, 'LoginPage');
const RegisterPage = page(loadAuthScreens, 'RegisterPage');
const RegisterEmailPage = page(loadAuthScreens, 'RegisterEmailPage');
const AuthSuccessPage = page(loadAuthScreens, 'AuthSuccessPage');
const DirectLoginPage = page(loadAuthScreens, 'DirectLoginPage');
const SignInLinkPage = page(loadAuthScreens, 'SignInLinkPage');
const VerifyEmailPage = page(loadAuthScreens, 'VerifyEmailPage');
const OAuthConfigPage = page(loadAuthScreens, 'OAuthConfigPage');
/** The login guard, a layout route around the signed-in pages. */
const RequireLogin = page(loadAuthScreens, 'RequireLogin');

/**
 * The public booking page's route: starts the event and month calls for a page reached by an in-app link (a first
 * load starts them from index.html and main.tsx, before React renders).
 * On /events/{slug} the host screens' slugs 'new' and 'dashboard' are not booking pages.
 */
function BookingRoute({ skipReserved = false }: { skipReserved?: boolean }): ReactNode {
  const { eventSlug = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const replaceSearch = useCallback((next: URLSearchParams) => setSearch(next, { replace: true }), [setSearch]);
  const reserved = skipReserved && RESERVED_EVENT_SLUGS.has(eventSlug.toLowerCase());
  useEffect(() => {
    if (!reserved) prefetchBookingPage(eventSlug);
  }, [eventSlug, reserved]);
  return reserved ? null : <BookingPage slug={eventSlug} search={search} replaceSearch={replaceSearch} />;
}

/** On a first load (main.tsx): a booking page's calls start before React renders. */
export function prefetchForPath(pathname: string): void {
  const slug = bookingSlugOf(pathname);
  if (slug) prefetchBookingPage(slug);
}

/**
 * Loads the code of the page at `pathname` when it is one that is prerendered (the landing page, at build time):
 * main.tsx hydrates that page's markup once its code is here, so the page renders in the hydrating pass.
 */
export async function preloadPage(pathname: string): Promise<void> {
  if (pathname === '/') await LandingPage.preload();
}

/**
 * The route table of the single-page app, declarative (the data router's extra code would not fit the booking page's
 * 90 KB budget). Screens that exist so far: /, /contact-us, the debug pages (/debug, /oauth-config), sign-in and
 * registration (/login, /register, /register-email, /direct-login, /auth-success/{status}), the admin dashboard
 * (/admin, which checks for an administrator itself), behind the login guard
 * the host console (/events, /events/new, /hourly-debug, /bookings, /bookings/{id}, /teams…, /integrations/webhooks
 * and /integrations/api-keys) and /profile-settings,
 * calendar integration (/calendar, /calendar-integration: the page itself shows 'Authentication Required' to a
 * visitor without a session rather than being sent to /login) with /calendar-connected (the end of
 * the Google authorization window), the public booking page (/book/{eventSlug}, /events/{eventSlug}; with
 * ?reschedule={id}&token= it moves a booking) and the guest's manage page of one booking (/booking/{id}?token=);
 * billing (/billing-details and /billing, the spec's other name; /billing-success), outside the guard since a
 * visitor may buy as a guest (issue 18); every other path shows the friendly not-found page (links home and to
 * sign-in).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="contact-us" element={<ContactPage />} />
        <Route path="debug" element={<DebugPage />} />
        <Route path="oauth-config" element={<OAuthConfigPage />} />
        <Route path="direct-login" element={<DirectLoginPage />} />
        <Route path="sign-in-link" element={<SignInLinkPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="register-email" element={<RegisterEmailPage />} />
        <Route path="auth-success/:status?" element={<AuthSuccessPage />} />
        {/* Not behind the guard: the dashboard checks for an administrator itself. */}
        <Route path="admin" element={<AdminDashboardPage />} />
        <Route element={<RequireLogin />}>
          <Route path="events/new" element={<EventEditorPage />} />
          <Route path="events" element={<EventsPage />} />
          <Route path="hourly-debug" element={<HourlyDebugPage />} />
          <Route path="profile-settings" element={<ProfileSettingsPage />} />
          <Route path="bookings" element={<HostBookingsPage />} />
          <Route path="bookings/:bookingId" element={<BookingDetailPage />} />
          <Route path="teams" element={<TeamsPage />} />
          <Route path="teams/invitations" element={<InvitationsPage />} />
          <Route path="teams/:teamSlug" element={<TeamPage />} />
          <Route path="integrations" element={<Navigate to="/integrations/webhooks" replace />} />
          <Route path="integrations/webhooks" element={<WebhooksPage />} />
          <Route path="integrations/api-keys" element={<ApiKeysPage />} />
        </Route>
        {/* Not behind the guard: a visitor gets guest checkout, and a guest returns from Stripe to the result. */}
        <Route path="billing-details" element={<BillingDetailsPage />} />
        <Route path="billing" element={<BillingDetailsPage />} />
        <Route path="billing-success" element={<BillingSuccessPage />} />
        <Route path="calendar" element={<CalendarIntegrationPage />} />
        <Route path="calendar-integration" element={<CalendarIntegrationPage />} />
        <Route path="calendar-connected" element={<CalendarConnectedPage />} />
        <Route path="book/:eventSlug" element={<BookingRoute />} />
        <Route path="booking/:bookingId" element={<ManageBookingPage />} />
        <Route path="team/:teamSlug" element={<PublicTeamRoute />} />
        <Route path="events/:eventSlug" element={<BookingRoute skipReserved />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
