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

/**
 * The spec's feature claims (booking-landing-auth-admin.md §1). Each card says only what the product does today;
 * what is not available yet is marked `comingSoon` and described in the future tense.
 */
const FEATURES: IconCardItem[] = [
  {
    title: 'Simplified meeting scheduling',
    text: 'Share one link. Guests see the open times, pick one and book in a few clicks, without creating an account. A time that is taken can never be booked twice.',
    Icon: LinkIcon,
  },
  {
    title: 'Google Calendar integration',
    text: 'You will be able to connect your Google Calendar: your busy times will be checked before guests book, and new bookings will be added to it.',
    Icon: CalendarSyncIcon,
    comingSoon: true,
  },
  {
    title: 'Customizable booking pages',
    text: 'You will be able to make each booking page yours with your accent colour, your photo, an event photo, your logo and a light or dark theme.',
    Icon: PaletteIcon,
    comingSoon: true,
  },
  {
    title: 'Time-zone detection',
    text: "Guests see your availability in their own time zone, detected from their browser, and can switch zones if they're travelling.",
    Icon: GlobeIcon,
  },
  {
    title: 'Confirmation and reminder e-mails',
    text: 'Meetwise will send a confirmation e-mail as soon as a meeting is booked and a reminder before it starts.',
    Icon: MailIcon,
    comingSoon: true,
  },
  {
    title: 'Custom availability rules',
    text: 'You will be able to set your working hours, buffers before and after meetings, and date-specific exceptions yourself in the upcoming host console.',
    Icon: SlidersIcon,
    comingSoon: true,
  },
  {
    title: 'Team scheduling',
    text: 'Everyone on your team will get their own booking pages, and an administrator will have an overview of all bookings in one dashboard.',
    Icon: UsersIcon,
    comingSoon: true,
  },
];

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
