import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from '../../test/build-test-app.js';

/** How many files (temporary ones included) sit under DATA_DIR/images. */
export async function countStoredImages(t: TestApp): Promise<number> {
  try {
    const entries = await readdir(path.join(t.dataDir, 'images'), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/** Fetches an imageSecureUrl through the app, as an `<img>` would (no Authorization header). */
export async function fetchImage(t: TestApp, url: string) {
  return t.app.inject({ method: 'GET', url });
}
