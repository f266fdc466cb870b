import { createRequire } from 'node:module';

/** What the trimmer reports after giving memory back (for the log). */
export interface HeapTrimmed {
  rssBeforeBytes: number;
  rssAfterBytes: number;
  ms: number;
}

export interface HeapTrimmerOptions {
  /** How often the heap is looked at. */
  everyMs?: number;
  /** Free bytes held by malloc's arenas that make a trim worth it. */
  freeBytes?: number;
  /** Growth of the resident memory since the last trim that must come with them. */
  growthBytes?: number;
  /** The resident memory now (process.memoryUsage.rss; tests pass their own). */
  rss?: () => number;
  /** glibc's malloc: the bytes its arenas hold free, and malloc_trim (tests pass their own). */
  malloc?: GlibcMalloc;
  onTrimmed?: (trimmed: HeapTrimmed) => void;
}

export interface GlibcMalloc {
  /** `mallinfo2().fordblks`: bytes in free chunks of every arena (including pages already given back). */
  freeBytes: () => number;
  /** `malloc_trim(pad)`: gives back the free pages of every arena; 1 when any were. */
  trim: (pad: number) => number;
}

/**
 * glibc's mallinfo2 and malloc_trim through koffi (a maintained FFI library with prebuilt
 * binaries: no compiler on the school's machine), or null where there are none (musl, macOS,
 * Windows, glibc before 2.33, or no koffi binary for this platform): the server then runs as
 * before, without trimming.
 */
export function loadGlibcMalloc(): GlibcMalloc | null {
  if (process.platform !== 'linux') return null;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as {
      load: (path: string) => { func: (signature: string) => (...args: number[]) => unknown };
      struct: (name: string, fields: Record<string, string>) => unknown;
    };
    const libc = koffi.load('libc.so.6');
    const fields = ['arena', 'ordblks', 'smblks', 'hblks', 'hblkhd', 'usmblks', 'fsmblks', 'uordblks', 'fordblks', 'keepcost'];
    koffi.struct('mallinfo2', Object.fromEntries(fields.map((f) => [f, 'size_t'])));
    const mallinfo2 = libc.func('mallinfo2 mallinfo2()') as () => { fordblks: number | bigint };
    const trim = libc.func('int malloc_trim(size_t)') as (pad: number) => number;
    return { freeBytes: () => Number(mallinfo2().fordblks), trim };
  } catch {
    return null;
  }
}

/**
 * Gives the C heap's free pages back to the system. Decoding photos (sharp/libvips), deflating a
 * gradebook (zlib) and parsing uploads allocate through glibc's malloc; once freed, those blocks
 * stay in the process's arenas wherever a live block sits above them, and glibc's own trimming
 * (MALLOC_TRIM_THRESHOLD_, set by `npm run serve`) only returns the top of a heap.
 * `malloc_trim(0)` also releases the free pages in between (madvise), which nothing else does.
 * Measured (bench, SQLite): 192 photo answers took the server from 166 to 239 MB, where it
 * stayed; one trim took it to 191 MB, in 4.4 ms.
 *
 * Looks every `everyMs` (10 s; mallinfo2 takes ~0.05 ms) and trims when the arenas hold
 * `freeBytes` (16 MiB) free and the resident memory grew by `growthBytes` (4 MiB) since the last
 * trim: pages given back stay counted as free, so the growth says there is something new to give.
 * An idle or steady server never trims; a burst of uploads costs a trim of a few ms at most every
 * ten seconds, and one more once it is over. `trimNow` trims whenever the arenas hold enough free
 * memory: after a full collection (lib/idle-collect.ts) has freed the Buffers' C memory, which
 * the resident memory does not show as growth. Nothing here keeps the process alive. Returns null
 * where glibc's functions cannot be reached.
 */
export function startHeapTrimmer(options: HeapTrimmerOptions = {}): { stop: () => void; trimNow: () => void } | null {
  const malloc = options.malloc ?? loadGlibcMalloc();
  if (!malloc) return null;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const free = options.freeBytes ?? 16 * 1024 * 1024;
  const growth = options.growthBytes ?? 4 * 1024 * 1024;
  let afterTrim = 0;
  const trim = (before: number) => {
    const started = performance.now();
    malloc.trim(0);
    afterTrim = rss();
    options.onTrimmed?.({ rssBeforeBytes: before, rssAfterBytes: afterTrim, ms: performance.now() - started });
  };
  const timer = setInterval(() => {
    const before = rss();
    // Memory given back by the collector lowers the mark: growth counts from there.
    afterTrim = Math.min(afterTrim, before);
    if (before - afterTrim < growth || malloc.freeBytes() < free) return;
    trim(before);
  }, options.everyMs ?? 10_000);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    trimNow: () => {
      if (malloc.freeBytes() >= free) trim(rss());
    },
  };
}
