import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { renderLandingPage } from '#frontend/prerender/landing-page.tsx';

/**
 * The last step of `npm run build`, after `vite build`: writes frontend/dist/landing.html, the built index.html with
 * the landing page rendered in (the servers answer `/` with it; main.tsx hydrates it).
 */
const index = fileURLToPath(new URL('./dist/index.html', import.meta.url));
const landing = fileURLToPath(new URL('./dist/landing.html', import.meta.url));
writeFileSync(landing, await renderLandingPage({ template: readFileSync(index, 'utf8'), now: new Date() }));
console.log(`frontend/dist/landing.html written (${Math.round(readFileSync(landing).length / 1024)} KB)`);
