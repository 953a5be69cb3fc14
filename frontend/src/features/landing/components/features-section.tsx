import { IconCard, SectionHeading, type IconCardItem } from './section-heading.tsx';
import { GlobeIcon } from '#frontend/components/ui/icons.tsx';
import { CalendarSyncIcon, LinkIcon, MailIcon, PaletteIcon, SlidersIcon, UsersIcon } from './landing-icons.tsx';

/** The spec's feature claims (booking-landing-auth-admin.md §1), each described by what the product does. */
const FEATURES: IconCardItem[] = [
  {
    title: 'Simplified meeting scheduling',
    text: 'Share one link. Guests see only the times you are free, pick one and book in a few clicks, without creating an account.',
    Icon: LinkIcon,
  },
  {
    title: 'Google Calendar integration',
    text: 'Connect your Google Calendar: busy times are checked so nobody can double-book you, and new bookings are added to your calendar.',
    Icon: CalendarSyncIcon,
  },
  {
    title: 'Customizable booking pages',
    text: 'Make each booking page yours with your accent colour, your photo, an event photo, your logo and a light or dark theme.',
    Icon: PaletteIcon,
  },
  {
    title: 'Time-zone detection',
    text: "Guests see your availability in their own time zone, detected from their browser, and can switch zones if they're travelling.",
    Icon: GlobeIcon,
  },
  {
    title: 'Confirmation and reminder e-mails',
    text: 'Meetwise sends the confirmation as soon as a meeting is booked and a reminder before it starts, so fewer meetings are missed.',
    Icon: MailIcon,
  },
  {
    title: 'Custom availability rules',
    text: 'Set your working hours, add buffers before and after meetings, and block or change hours on specific dates.',
    Icon: SlidersIcon,
  },
  {
    title: 'Team scheduling',
    text: 'Everyone on your team gets their own booking pages, and an administrator keeps an overview of bookings in one dashboard.',
    Icon: UsersIcon,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="features-title"
          title="Everything you need to take bookings"
          intro="From the first shared link to the reminder before the call, Meetwise handles the scheduling so you can focus on the meeting."
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
