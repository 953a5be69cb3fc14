import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';

/**
 * A download's bytes. The browser is the run's one Chromium, connected to remotely, so its own download folder is not
 * this process's to read (`download.path()` refuses): the file is saved here first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'meetwise-download-'));
  try {
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
