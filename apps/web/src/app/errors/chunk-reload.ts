// After a new version is deployed, a tab opened before it asks for page chunks that no longer
// exist (their names carry the old build's hashes). Reloading fetches the new index and its chunks;
// it is done once per page, so a chunk that is missing for another reason (offline, a broken
// proxy) ends in the route's error message instead of a reload loop.

const KEY = 'mathclub.chunkReload';
/** A second failure on the same page within this time is not a deploy: show the error instead. */
const WINDOW_MS = 60_000;

/** Whether an error is a failed fetch of one of our own code chunks (browsers word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module|Failed to load module script/i.test(
    error.message,
  );
}

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads the page for `path` unless it was reloaded for it within the last minute. Returns whether
 * it reloads. `reload` and `storage` are the browser's, replaceable in tests.
 */
export function reloadOnce(path: string, reload: () => void = () => window.location.reload(), storage: Storage = sessionStorage, now = Date.now()): boolean {
  let last: { path?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(KEY) ?? '{}') as typeof last;
  } catch {
    // A value we did not write: treat as none.
  }
  if (last.path === path && typeof last.at === 'number' && now - last.at < WINDOW_MS) return false;
  storage.setItem(KEY, JSON.stringify({ path, at: now }));
  reload();
  return true;
}
