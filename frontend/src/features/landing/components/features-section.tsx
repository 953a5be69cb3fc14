import { GlobeIcon } from '#frontend/components/ui/icons.tsx';
import {
  CalendarSyncIcon,
  LinkIcon,
  MailIcon,
  PaletteIcon,
  SlidersIcon,
  UsersIcon,
} from '#frontend/features/landing/components/landing-icons.tsx';
import { IconCard, SectionHeading, type IconCardItem } from '#frontend/features/landing/components/section-heading.tsx';
import { FEATURE_CLAIMS } from '#frontend/features/landing/lib/feature-claims.ts';

/** The spec's feature claims (feature-claims.ts says what each rests on), each with its icon. */
const ICONS: Record<string, IconCardItem['Icon']> = {
  'Simplified meeting scheduling': LinkIcon,
  'Google Calendar integration': CalendarSyncIcon,
  'Customizable booking pages': PaletteIcon,
  'Time-zone detection': GlobeIcon,
  'Confirmation and reminder e-mails': MailIcon,
  'Custom availability rules': SlidersIcon,
  'Team scheduling': UsersIcon,
};

const FEATURES: IconCardItem[] = FEATURE_CLAIMS.map(({ title, text, comingSoon }) => ({
  title,
  text,
  Icon: ICONS[title]!,
  ...(comingSoon ? { comingSoon } : {}),
}));

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="features-title"
          title="Everything you need to take bookings"
          intro="Share a link, let guests pick a time in their own time zone, and never be double-booked. Features marked Coming soon are not available yet."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((item) => (
            <IconCard key={item.title} item={item} tile />
          ))}
        </ul>
      </div>
    </section>
  );
}
