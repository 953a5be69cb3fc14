import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

import type { PublishedPages } from '#functions/ports/events';

/**
 * The published booking pages on one machine: files under `folder` (DATA_DIR/site), which the local server serves
 * before the single-page app. A page is written beside its place and renamed into it (atomic on one file system),
 * so the server never reads half of one.
 */
export function filePublishedPages(folder: string): PublishedPages {
  const root = resolve(folder);
  const fileOf = (key: string) => {
    const file = resolve(join(root, key));
    if (!file.startsWith(root + sep)) throw new Error(`A page key outside the published folder: ${key}`);
    return file;
  };
  return {
    async put(key, html) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const aside = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(aside, html);
        await rename(aside, file);
      } catch (error) {
        await rm(aside, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
