import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

import type { PhotoStore } from '#functions/ports/accounts';

/** On one machine: photos are files under DATA_DIR/photos, which the local server serves at /photos/. */
export function localPhotoStore(dataDir: string): PhotoStore {
  const root = join(dataDir, 'photos');
  const fileOf = (key: string) => {
    const file = normalize(join(root, key));
    if (!file.startsWith(root + sep)) throw new Error(`Photo key escapes the photo folder: ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deleteFolder(folder) {
      await rm(fileOf(folder), { recursive: true, force: true });
    },
  };
}

/** Where the local server finds the photos it serves at /photos/. */
export const localPhotoDir = (dataDir: string) => join(dataDir, 'photos');
