import { TRIAL_DAYS } from '#shared/constants';
import { ChevronDownIcon } from '#frontend/components/ui/icons.tsx';
import { cn, focusRing } from '#frontend/lib/cn.ts';

const QUESTIONS = [
  {
    question: 'How do I create a booking page?',
    answer:
      'Sign in, open Event Types and choose Create New. Give the event a name, a duration and your working hours, then ' +
      'save it. Every event type gets its own public link (/book/your-event) that you can share with guests. Connect ' +
      'your Google Calendar as well, so guests are only offered times when you are free.',
  },
  {
    question: 'Can I connect multiple Google calendars?',
    answer:
      'Not at the moment: each Meetwise account connects one Google Calendar. Meetwise checks that calendar for ' +
      'conflicts so guests cannot double-book you, and adds new bookings to it.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      `Yes. Every new account starts with a ${TRIAL_DAYS}-day free trial, and no credit card is required. When the ` +
      'trial ends, choose a monthly, annual or lifetime plan to keep your event types active.',
  },
  {
    question: 'Can I customize the booking form?',
    answer:
      'Yes. Each event type has its own design settings: pick your colours and a light or dark theme, show an event ' +
      'photo, your photo and your logo, and fine-tune the look with custom CSS.',
  },
] as const;

export function ContactFaq() {
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="text-xl font-semibold tracking-tight">
        Frequently Asked Questions
      </h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary
              className={cn(
                'flex cursor-pointer items-center justify-between gap-4 rounded-lg px-4 py-4 text-left font-medium',
                'hover:bg-slate-50 dark:hover:bg-slate-900',
                focusRing,
              )}
            >
              {question}
              <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
            </summary>
            <p className="px-4 pb-4 text-sm leading-6 text-slate-700 dark:text-slate-300">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
