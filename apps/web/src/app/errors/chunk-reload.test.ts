import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnce } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('a chunk missing after a deploy (issue 26, point 7)', () => {
  it('knows the failed chunk fetch by the wording of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads a page once, not again within a minute, and again for another page or later', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce('/teacher/tasks', reload, storage, 1_000)).toBe(true);
    expect(reloadOnce('/teacher/tasks', reload, storage, 30_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce('/teacher/groups', reload, storage, 31_000)).toBe(true);
    expect(reloadOnce('/teacher/tasks', reload, storage, 200_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
