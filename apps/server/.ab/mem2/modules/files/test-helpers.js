import { readdir } from 'node:fs/promises';
import path from 'node:path';
/** How many files (temporary ones included) sit under DATA_DIR/images. */
export async function countStoredImages(t) {
    try {
        const entries = await readdir(path.join(t.dataDir, 'images'), { recursive: true, withFileTypes: true });
        return entries.filter((e) => e.isFile()).length;
    }
    catch (err) {
        if (err.code === 'ENOENT')
            return 0;
        throw err;
    }
}
/** Fetches an imageSecureUrl through the app, as an `<img>` would (no Authorization header). */
export async function fetchImage(t, url) {
    return t.app.inject({ method: 'GET', url });
}
//# sourceMappingURL=test-helpers.js.map