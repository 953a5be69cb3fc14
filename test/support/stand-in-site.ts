import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in front-end build in `dir`, for synthesizing the stack without `npm run build`: what the stack reads of a
 * build is the HTML of index.html, book.html and team.html (their inline scripts' hashes, the shells' republishing) and the embed loader (embed.js); it
 * uploads the rest as it is.
 */
export function writeStandInSite(dir: string): string {
  mkdirSync(path.join(dir, 'assets'));
  for (const file of ['index.html', 'book.html', 'team.html']) {
    writeFileSync(
      path.join(dir, file),
      '<!doctype html><title>Meetwise</title><script type="module" src="/assets/app.js"></script>',
    );
  }
  writeFileSync(path.join(dir, 'assets/app.js'), 'console.log("Meetwise");\n');
  // The embed script and its loader (frontend/embed/build.ts).
  mkdirSync(path.join(dir, 'embed'));
  writeFileSync(path.join(dir, 'embed/embed.0123456789ab.js'), 'console.log("Meetwise embed");\n');
  writeFileSync(path.join(dir, 'embed.js'), 'console.log("Meetwise embed loader");\n');
  return dir;
}
