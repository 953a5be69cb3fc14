import { SectionHeading } from '#frontend/features/landing/components/section-heading.tsx';

/**
 * Three testimonials. The spec calls them sample content, so they are labelled as such on the page and the names
 * are illustrative: no real customer said these words.
 */
const TESTIMONIALS = [
  {
    quote:
      'I used to trade five e-mails to find a time for a single call. Now I send my booking link and the meeting is simply on my calendar.',
    name: 'Example Consultant',
    role: 'Independent consultant',
  },
  {
    quote:
      'My clients are spread across three time zones. Seeing times in their own zone means nobody turns up an hour early any more.',
    name: 'Example Coach',
    role: 'Career coach',
  },
  {
    quote:
      'Students pick a slot on my booking page and it simply appears in my calendar. Two of them can never grab the same time.',
    name: 'Example Tutor',
    role: 'Language tutor',
  },
];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="testimonials-title" title="What scheduling with Meetwise feels like" />
        <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
          Sample testimonials: illustrative quotes, not statements from real customers.
        </p>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure
                data-testid="testimonial"
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <blockquote className="flex-1 text-slate-700 dark:text-slate-300">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="block font-semibold text-slate-900 dark:text-white">{testimonial.name}</span>
                  <span className="text-slate-600 dark:text-slate-400">{testimonial.role} (sample)</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
