import {
  createContext,
  createElement,
  forwardRef,
  useContext,
  type AnchorHTMLAttributes,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site, with its query or hash: '/contact-us', '/#pricing'. */
  to: string;
  /** A navigation link: marked as the current page while its page shows (react-router's NavLink). */
  nav?: boolean;
}

/** How links navigate: a component taking AppLinkProps and a ref to its <a> (Radix's asChild may pass one). */
export type LinkImplementation = ForwardRefExoticComponent<AppLinkProps & RefAttributes<HTMLAnchorElement>>;

/** A plain link: a full page load. The standalone booking page (booking-main.tsx) has no router. */
const PageLink: LinkImplementation = forwardRef(function PageLink({ to, nav: _nav, ...props }, ref) {
  return <a ref={ref} href={to} {...props} />;
});

const Implementation = createContext<LinkImplementation>(PageLink);

/** Supplies how links navigate: the single-page app gives its router's links (app/router-link.tsx). */
export const AppLinkProvider = Implementation.Provider;

/**
 * A link to a page of this site, for code that runs with and without the router (the site chrome, the booking page,
 * the legal texts): a router link in the single-page app, a plain link in the standalone booking page.
 */
export const AppLink: LinkImplementation = forwardRef(function AppLink(props, ref) {
  // One implementation for the app's whole life (its provider's), so the element's type never changes.
  return createElement(useContext(Implementation), { ...props, ref });
});
