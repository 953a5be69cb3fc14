import { iconDefaults, type IconProps } from '#frontend/components/ui/icons.tsx';

// The landing page's inline icons (no icon package, no image requests). Decorative: hidden from assistive technology.

export const LinkIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);
export const CalendarSyncIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" />
  </svg>
);
export const PaletteIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M12 22a10 10 0 1 1 10-10c0 2.8-2.2 4-4 4h-2a2 2 0 0 0-1.5 3.3A1.6 1.6 0 0 1 12 22Z" />
    <circle cx="7.5" cy="11.5" r="1" />
    <circle cx="10.5" cy="7.5" r="1" />
    <circle cx="15.5" cy="8.5" r="1" />
  </svg>
);
export const MailIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </svg>
);
export const SlidersIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
  </svg>
);
export const UsersIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </svg>
);
export const LockIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <rect x="3" y="11" width="18" height="11" rx="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </svg>
);
export const ShieldIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
    <path d="m9 12 2 2 4-4" />
  </svg>
);
export const EyeOffIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M9.9 4.2A10 10 0 0 1 12 4c7 0 10 8 10 8a17 17 0 0 1-2.2 3.2M6.6 6.6A17 17 0 0 0 2 12s3 8 10 8a10 10 0 0 0 5.4-1.6" />
    <path d="M14.1 14.1a3 3 0 0 1-4.2-4.2M2 2l20 20" />
  </svg>
);
export const DatabaseIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <ellipse cx="12" cy="5" rx="9" ry="3" />
    <path d="M3 5v14c0 1.7 4 3 9 3s9-1.3 9-3V5M3 12c0 1.7 4 3 9 3s9-1.3 9-3" />
  </svg>
);
export const CheckIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
);
