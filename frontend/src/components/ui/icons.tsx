import type { ComponentProps } from 'react';

/** A few inline icons (no icon package). Decorative: hidden from assistive technology. */
export type IconProps = ComponentProps<'svg'>;

export const iconDefaults = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const XIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

export const MenuIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const SunIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </svg>
);

export const MoonIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
  </svg>
);

export const CheckCircleIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </svg>
);

export const AlertCircleIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </svg>
);

export const ChevronDownIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export const ChevronLeft = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);
export const ChevronRight = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);
export const ClockIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </svg>
);
export const MapPinIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </svg>
);
export const GlobeIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
  </svg>
);
export const CalendarIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </svg>
);
