import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

import { compileHintsPlugin } from '#frontend/shell/compile-hints.ts';
import { inlineScriptsPlugin } from '#frontend/shell/inline-scripts.ts';

const frontendDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => {
  // The dev server and `vite preview` forward /api (and uploaded /photos) to the local app server (infra/local), so the page and the API
  // share one origin as they do behind CloudFront. API_PORT comes from the environment (read through Vite's
  // loadEnv, prefix '' = every variable), default 3000.
  const env = loadEnv(mode, frontendDir, '');
  const target = `http://127.0.0.1:${env.API_PORT || 3000}`;
  const proxy = { '/api': { target }, '/photos': { target } };

  return {
    root: frontendDir,
    // inlineScriptsPlugin: the pages' inline scripts, written in from src/shell (one source, the CSP's hashes);
    // compileHintsPlugin: the code every page runs as it loads, compiled as it streams in (src/shell/compile-hints.ts).
    plugins: [react(), tailwindcss(), inlineScriptsPlugin(), compileHintsPlugin()],
    build: {
      outDir: fileURLToPath(new URL('./dist', import.meta.url)),
      emptyOutDir: true,
      // The single-page app, and the booking page's own entry without the router (book.html: the shell of the
      // published booking pages, and the page of a slug that has none). A team's page (team.html) is built apart:
      // vite.team.config.ts.
      rollupOptions: {
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          book: fileURLToPath(new URL('./book.html', import.meta.url)),
        },
        // The style sheet named by its content alone: the team page's build (vite.team.config.ts) writes the same
        // sheet under the same name, so a guest going from a team's page to a booking page has it cached.
        output: {
          assetFileNames: (asset) =>
            asset.names.some((name) => name.endsWith('.css'))
              ? 'assets/style-[hash][extname]'
              : 'assets/[name]-[hash][extname]',
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
