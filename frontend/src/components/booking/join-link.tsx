import { cn, focusRing } from '#frontend/lib/cn.ts';

/**
 * An online meeting's place (the confirmation's step 3, the guest's manage page): its kind, the "Join" link (a new
 * tab) and the address to copy. `linkClassName` colours the link (the booking page: the event's accent).
 */
export function JoinLink({ label, url, linkClassName }: { label: string; url: string; linkClassName?: string }) {
  return (
    <span className="grid gap-1">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{label}</span>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={cn('rounded-sm font-semibold underline underline-offset-4', linkClassName, focusRing)}
        >
          Join<span className="sr-only"> {label} (opens in a new tab)</span>
        </a>
      </span>
      <span className="break-all text-slate-600 dark:text-slate-400">{url}</span>
    </span>
  );
}
