import {
  DatabaseIcon,
  EyeOffIcon,
  LockIcon,
  ShieldIcon,
} from '#frontend/features/landing/components/landing-icons.tsx';
import { IconCard, SectionHeading, type IconCardItem } from '#frontend/features/landing/components/section-heading.tsx';

/** What the deployment actually does (docs/security.md; infra/cdk): keep these in step with it. */
const MEASURES: IconCardItem[] = [
  {
    title: 'Encryption',
    text: 'Your data is encrypted in transit over HTTPS and encrypted at rest in the database and file storage.',
    Icon: LockIcon,
  },
  {
    title: 'Brute-force protection',
    text: 'Sign-in attempts are throttled after repeated failures, so passwords cannot be guessed at speed.',
    Icon: ShieldIcon,
  },
  {
    title: 'Privacy controls',
    text: 'You can delete your account at any time, and its data is removed with it.',
    Icon: EyeOffIcon,
  },
  {
    title: 'Regular backups',
    text: 'The database is continuously backed up with point-in-time recovery, so your data can be restored to an earlier point in time if something goes wrong.',
    Icon: DatabaseIcon,
  },
];

export function SecuritySection() {
  return (
    <section
      aria-labelledby="security-title"
      className="border-y border-slate-200 bg-slate-50 px-4 py-16 sm:px-6 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="security-title"
          title="Enterprise-Grade Security"
          intro="Your calendar and your guests' details deserve care. Here is how Meetwise protects them."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {MEASURES.map((item) => (
            <IconCard key={item.title} item={item} />
          ))}
        </ul>
      </div>
    </section>
  );
}
