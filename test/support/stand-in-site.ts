import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A stand-in front-end build in `dir`, for synthesizing the stack without `npm run build`: what the stack reads of a
 * build is the HTML of index.html and book.html (their inline scripts' hashes); it uploads the rest as it is.
 */
export function writeStandInSite(dir: string): string {
  mkdirSync(path.join(dir, 'assets'));
  for (const file of ['index.html', 'book.html']) {
    writeFileSync(
      path.join(dir, file),
      '<!doctype html><title>Meetwise</title><script type="module" src="/assets/app.js"></script>',
    );
  }
  writeFileSync(path.join(dir, 'assets/app.js'), 'console.log("Meetwise");\n');
  return dir;
}
