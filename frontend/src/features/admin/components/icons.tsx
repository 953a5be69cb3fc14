import { iconDefaults, type IconProps } from '#frontend/components/ui/icons.tsx';

/** The admin dashboard's own inline icons, decorative like the shared ones. */

export const RefreshIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
    <path d="M8 16H3v5" />
  </svg>
);

export const MoreHorizontalIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
    <circle cx="5" cy="12" r="1" />
  </svg>
);

export const SlidersIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
  </svg>
);
