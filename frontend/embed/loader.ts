/**
 * `/embed.js`, the one address hosts put on their sites (issue 29): it only loads the embed script of the current
 * build, `/embed/embed.{hash}.js` (frontend/embed/embed.ts), from where it itself came. This file is cached for
 * minutes, the script it names for a year: a new build reaches every site within minutes, and each visit loads
 * the script from the browser's cache. frontend/embed/build.ts puts the script's path in.
 */
declare const EMBED_SCRIPT_PATH: string;

// The script comes from where this loader came from (its own tag, known while it first runs).
const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.src) {
  const script = document.createElement('script');
  script.src = new URL(EMBED_SCRIPT_PATH, current.src).href;
  script.async = true;
  document.head.append(script);
}
