import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ContentCoding } from './accept-encoding.js';

/**
 * Brotli for a large JSON body of `size` bytes made once and kept (a gradebook, in the background).
 * Quality 5: a 53 KB task list becomes 1.9 KB in 0.8 ms; quality 11 saves 0.3 KB more in 87 ms.
 */
export const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/**
 * Brotli for the cached answers, which every write makes anew (a group's lists after each answer
 * and verdict): quality 2, and a window no larger than the answer (at most 64 KB). Quality 5 with
 * its default 4 MB window allocates over a megabyte of hash tables and ring buffer per answer,
 * which glibc maps afresh for every call where its mmap threshold is fixed at 128 KB (as setting
 * MALLOC_TRIM_THRESHOLD_ alone does; `npm run serve` now raises it to 1 MiB, but a server started
 * otherwise may not): measured in the server's environment on 4-86 KB lists, 0.3-6
 * ms of CPU and 18-280 page faults a call, against 0.06-0.22 ms and none for quality 2 here, whose
 * bytes are 5-25 % larger (a 43 KB list: 2,208 against 1,905 bytes; gzip level 6: 2,895). In the
 * mixed run with a browser's Accept-Encoding, compressing was the server's largest cost.
 */
export const answerBrotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_LGWIN]: answerWindowBits(size),
  },
});

/** The window of answerBrotliOptions: the answer's size rounded up to a power of two, within 1 KB and 64 KB. */
export function answerWindowBits(size: number): number {
  return Math.min(16, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(Math.max(size, 1)))));
}

/**
 * Up to this size an answer is compressed on the event loop (at most ~1 ms, a 128 KB review list)
 * instead of on libuv's threadpool. The threadpool's stream, buffers and hand-offs cost more CPU
 * than compressing a small list (4-43 KB lists: 0.2-0.6 ms of CPU a call there one at a time and
 * 0.9-2.5 ms sixteen at a time, against 0.1-0.3 ms synchronously), and its answer comes back only
 * at a later turn of the event loop, a turn being 20-40 ms under load: in the mixed run the
 * teachers' review lists (64-128 KB) answered at p50 87 ms from the threadpool and 47 ms without
 * it. Larger answers (a big group's review list, 640 KB) still go to the threadpool.
 */
export const SYNC_COMPRESS_MAX_BYTES = 128 * 1024;

const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const compressors: Record<ContentCoding, { sync: (bytes: Buffer) => Buffer; async: (bytes: Buffer) => Promise<Buffer> }> = {
  br: {
    sync: (bytes) => zlib.brotliCompressSync(bytes, answerBrotliOptions(bytes.length)),
    async: (bytes) => promisify(zlib.brotliCompress)(bytes, answerBrotliOptions(bytes.length)),
  },
  gzip: { sync: (bytes) => zlib.gzipSync(bytes, GZIP_OPTIONS), async: (bytes) => promisify(zlib.gzip)(bytes, GZIP_OPTIONS) },
};

function compress(coding: ContentCoding, bytes: Buffer): Promise<Buffer> {
  const compressor = compressors[coding];
  if (bytes.length > SYNC_COMPRESS_MAX_BYTES) return compressor.async(bytes);
  try {
    return Promise.resolve(compressor.sync(bytes));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Below this a compressed answer saves less than the round trip's headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * An answer kept ready to send: its JSON bytes, and each compressed form made once, the first
 * time a client asks for it, then shared by every request served from the same cached answer
 * (a phone on a school's mobile data gets a 53 KB task list as 2 KB without the server
 * compressing it per request).
 */
export class ReadyJson {
  private readonly compressed = new Map<ContentCoding, Promise<Buffer>>();
  private compressedBytes = 0;

  constructor(readonly bytes: Buffer) {}

  /** The bytes it holds: the JSON and each compressed form made so far (for the caches' bound). */
  get retainedBytes(): number {
    return this.bytes.length + this.compressedBytes;
  }

  /** Small answers go as they are. */
  get worthCompressing(): boolean {
    return this.bytes.length >= MIN_COMPRESSED_BYTES;
  }

  encoded(coding: ContentCoding): Promise<Buffer> {
    let pending = this.compressed.get(coding);
    if (!pending) {
      pending = compress(coding, this.bytes);
      this.compressed.set(coding, pending);
      pending.then(
        (done) => {
          this.compressedBytes += done.length;
        },
        // A failed compression is not remembered (the caller falls back to the plain bytes).
        () => this.compressed.delete(coding),
      );
    }
    return pending;
  }
}
