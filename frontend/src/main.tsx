import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { prefetchForPath, preloadPage } from '#frontend/app/router.tsx';
import { SpaRoot } from '#frontend/app/spa-root.tsx';
import { queryClient } from '#frontend/lib/query-client.ts';
import { renderTimeOf } from '#frontend/lib/server-render.ts';

import '#frontend/index.css';

// A booking page's calls start now, in parallel with its chunk and with each other.
prefetchForPath(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A page prerendered at build time (landing.html) is hydrated once its page's code is here, so the hydrating render
// draws its markup in one pass, as a transition: in slices that yield to the browser. Any other page is rendered here.
const renderedAt = renderTimeOf(container);
const app = <SpaRoot client={queryClient} renderedAt={renderedAt} router={BrowserRouter} />;
if (renderedAt) {
  void preloadPage(window.location.pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
