import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { preloadPage } from '#frontend/app/router.tsx';
import { SpaRoot } from '#frontend/app/spa-root.tsx';
import { LANDING_TITLE } from '#frontend/features/landing/components/landing-page.tsx';
import { fillTemplate } from '#frontend/prerender/html.ts';

/** The router of a page rendered for the path `/`. */
const AtLandingPath = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

/**
 * The landing page (`/`) prerendered at build time into the built index.html (frontend/prerender-landing.ts writes
 * it as landing.html): the single-page app's tree at `/`, its lazy page loaded first so it renders in one pass, as
 * main.tsx hydrates it. Drawn for `now` (the footer's year); the demo's dates wait for the browser.
 */
export async function renderLandingPage({ template, now }: { template: string; now: Date }): Promise<string> {
  await preloadPage('/');
  const client = new QueryClient();
  try {
    const root = renderToString(<SpaRoot client={client} renderedAt={now} router={AtLandingPath} />);
    return fillTemplate(template, { root, renderedAt: now, title: LANDING_TITLE });
  } finally {
    client.clear();
  }
}
