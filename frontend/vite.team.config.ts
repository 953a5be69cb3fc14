import { fileURLToPath } from 'node:url';
// The sibling config file: Vite's configs are outside the package's #-imports (frontend/src), and this one is its variant.
// eslint-disable-next-line no-restricted-imports
import baseConfig from './vite.config.ts';
import { defineConfig, type UserConfig } from 'vite';

/**
 * A team's public page's own entry (team.html → src/team-main.tsx, issue 28), built after vite.config.ts's build into
 * the same dist/ as a bundle graph of its own. Built with the other entries, the code it shares with the booking page
 * would be split out of the booking page's chunks into chunks of their own, and the booking page would load more
 * files and more bytes (about 1.3 KB gzip more, measured); apart, each page loads only its own code, in as few files.
 */
export default defineConfig((env) => {
  const base = (typeof baseConfig === 'function' ? baseConfig(env) : baseConfig) as UserConfig;
  return {
    ...base,
    // The first build copied public/ and emptied dist/: this one only adds its files.
    publicDir: false,
    build: {
      ...base.build,
      emptyOutDir: false,
      rollupOptions: {
        ...base.build?.rollupOptions,
        input: { team: fileURLToPath(new URL('./team.html', import.meta.url)) },
      },
    },
  };
});
