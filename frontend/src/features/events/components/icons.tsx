import { iconDefaults, type IconProps } from '#frontend/components/ui/icons.tsx';

/** The events screens' own inline icons, decorative like the shared ones. */

export const CopyIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </svg>
);

export const MoreVerticalIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </svg>
);

export const UserIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

export const PlusIcon = (props: IconProps) => (
  <svg {...iconDefaults} {...props}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
