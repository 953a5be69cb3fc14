import { forwardRef } from 'react';
import { Link, NavLink } from 'react-router-dom';

import type { LinkImplementation } from '#frontend/components/app-link.tsx';

/** AppLink in the single-page app: navigation by the router (NavLink marks the current page). */
export const RouterLink: LinkImplementation = forwardRef(function RouterLink({ to, nav, ...props }, ref) {
  return nav ? <NavLink ref={ref} to={to} {...props} /> : <Link ref={ref} to={to} {...props} />;
});
