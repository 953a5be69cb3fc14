import { ContactFaq } from '#frontend/features/contact/components/contact-faq.tsx';
import { ContactForm } from '#frontend/features/contact/components/contact-form.tsx';
import { useDocumentTitle } from '#frontend/lib/use-document-title.ts';

/** /contact-us: the contact form and a short FAQ. */
export function ContactPage() {
  useDocumentTitle('Contact Us · Meetwise');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">
          Have a question about Meetwise or need a hand with your booking pages? Send us a message and we'll get back to
          you.
        </p>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-5 lg:gap-12">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="contact-form-heading" className="mb-6 text-xl font-semibold tracking-tight">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <div className="lg:col-span-2">
          <ContactFaq />
        </div>
      </div>
    </div>
  );
}
