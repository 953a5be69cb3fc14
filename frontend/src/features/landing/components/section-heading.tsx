import type { ComponentType, SVGProps } from 'react';

/** A landing section's h2 with its optional lead-in line; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {intro && <p className="mt-4 text-base text-slate-600 sm:text-lg dark:text-slate-300">{intro}</p>}
    </div>
  );
}

/** One card of the features or security grid. */
export interface IconCardItem {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Not available yet: the card shows a "Coming soon" pill next to its title. */
  comingSoon?: boolean;
}

/** A grid card: its icon (on a tinted tile when `tile`), title and text. */
export function IconCard({
  item: { title, text, Icon, comingSoon = false },
  tile = false,
}: {
  item: IconCardItem;
  tile?: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {tile ? (
        <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon className="size-6" />
        </span>
      ) : (
        <Icon className="size-6 text-brand-700 dark:text-brand-400" />
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
        {comingSoon && (
          <span className="rounded-full border border-slate-300 bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            Coming soon
          </span>
        )}
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{text}</p>
    </li>
  );
}
