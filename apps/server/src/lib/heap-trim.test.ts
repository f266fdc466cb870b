import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadGlibcMalloc, startHeapTrimmer, type HeapTrimmed } from './heap-trim.js';

const MB = 1024 * 1024;

describe('heap trimmer', () => {
  afterEach(() => vi.useRealTimers());

  it("reaches glibc's mallinfo2 and malloc_trim on Linux with glibc: freed C memory shows as free, and a trim gives it back", () => {
    const glibc = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);
    const malloc = loadGlibcMalloc();
    if (!glibc) return expect(malloc).toBeNull();
    expect(malloc).not.toBeNull();
    // 64 MB of C memory in 100 KB blocks, written (so resident), then every other one freed: each
    // freed block has a live one above it, so glibc cannot give it back by itself. Allocated with
    // malloc itself (through koffi, as the trimmer reaches glibc), not with Buffers, whose backing
    // stores are freed whenever V8's collector gets to them (that left them held in some runs).
    const libc = createRequire(import.meta.url)('koffi').load('libc.so.6') as { func: (signature: string) => (...args: unknown[]) => unknown };
    const cMalloc = libc.func('void *malloc(size_t)');
    const cFree = libc.func('void free(void *)');
    const cMemset = libc.func('void *memset(void *, int, size_t)');
    const before = malloc!.freeBytes();
    const blocks: unknown[] = [];
    for (let i = 0; i < 640; i++) blocks.push(cMemset(cMalloc(100_000), 1, 100_000));
    const live = blocks.filter((_, i) => i % 2 === 1);
    for (let i = 0; i < blocks.length; i += 2) cFree(blocks[i]);
    expect(malloc!.freeBytes() - before).toBeGreaterThanOrEqual(20 * MB);
    const resident = process.memoryUsage.rss();
    expect(malloc!.trim(0)).toBe(1);
    expect(resident - process.memoryUsage.rss()).toBeGreaterThanOrEqual(16 * MB);
    for (const block of live) cFree(block);
  });

  it('trims when the arenas hold enough free memory and the resident memory grew since the last trim', () => {
    vi.useFakeTimers();
    let rss = 200 * MB;
    let free = 2 * MB;
    const trims: HeapTrimmed[] = [];
    const trim = vi.fn(() => {
      rss -= 40 * MB;
      return 1;
    });
    const trimmer = startHeapTrimmer({ everyMs: 1000, rss: () => rss, malloc: { freeBytes: () => free, trim }, onTrimmed: (t) => trims.push(t) });
    expect(trimmer).not.toBeNull();

    vi.advanceTimersByTime(3000); // little free: nothing
    expect(trim).not.toHaveBeenCalled();

    rss += 60 * MB; // a burst of photos: 260 MB, 50 MB of it freed and held
    free = 50 * MB;
    vi.advanceTimersByTime(1000);
    expect(trim).toHaveBeenCalledTimes(1);
    expect(trims[0]).toMatchObject({ rssBeforeBytes: 260 * MB, rssAfterBytes: 220 * MB });

    vi.advanceTimersByTime(5000); // the pages given back still count as free: no growth, no trim
    expect(trim).toHaveBeenCalledTimes(1);

    rss += 10 * MB; // the end of the burst: more freed, resident again
    vi.advanceTimersByTime(1000);
    expect(trim).toHaveBeenCalledTimes(2);

    rss -= 30 * MB; // the collector gave memory back: growth counts from the new low
    vi.advanceTimersByTime(1000);
    rss += 3 * MB;
    vi.advanceTimersByTime(1000);
    expect(trim).toHaveBeenCalledTimes(2);
    rss += 3 * MB;
    vi.advanceTimersByTime(1000);
    expect(trim).toHaveBeenCalledTimes(3);

    // After a full collection freed the Buffers' C memory: trimmed though the resident memory did not grow.
    trimmer!.trimNow();
    expect(trim).toHaveBeenCalledTimes(4);
    free = 2 * MB;
    trimmer!.trimNow();
    expect(trim).toHaveBeenCalledTimes(4);

    trimmer!.stop();
    rss += 100 * MB;
    vi.advanceTimersByTime(5000);
    expect(trim).toHaveBeenCalledTimes(4);
  });
});
