/** The Meetwise logo mark: a calendar with a check. Decorative next to the product name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#C2410C" />
      <rect x="7" y="9" width="18" height="16" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M7 14h18M12 6.5v5M20 6.5v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path
        d="m12.5 19.5 2.5 2.5 4.5-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
