import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Semaphore } from './semaphore.js';

const deflateRaw = promisify(zlib.deflateRaw);

/** gzip's header (RFC 1952 §2.3): magic, deflate, no flags, no time, no extra flags, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block with fixed codes (BFINAL=1, BTYPE=01, end-of-block): ends the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** One piece of a larger body: its bytes, and the same bytes deflated on their own. */
export interface DeflatedPiece {
  readonly raw: Buffer;
  readonly deflated: Buffer;
}

/**
 * Pieces deflated at once, process-wide. Each call holds a zlib stream of ~270 KB from the moment
 * it is made, so the 502 pieces of a 200 × 500 gradebook started together held ~135 MB at once,
 * which glibc kept after they were freed: the server's resident memory grew by 85 MB on that book's
 * first read, 37-45 MB with this bound (same time to build it). Sixteen keep libuv's four
 * threadpool threads fed while the event loop is busy handing out the next ones.
 */
const AT_ONCE = 16;
const slots = new Semaphore(AT_ONCE);

/** Pieces waiting for one of the AT_ONCE slots (for tests). */
export const deflatesWaiting = (): number => slots.queued;

/** Deflate looks back at most this far. */
const WINDOW = 32 * 1024;

/**
 * Deflates one piece on libuv's threadpool, ending on a byte boundary without the final bit
 * (a sync flush), so pieces deflated apart can follow one another in one deflate stream (the
 * technique pigz uses). `before`: the raw bytes that come right before this piece in the body; the
 * piece may refer back to their last 32 KB (a preset dictionary), which the decoder has just
 * written, so a piece compresses as well as in one stream (the 200 × 500 gradebook: 443 KB against
 * 559 KB without it, 429 KB as one stream) — and must be deflated again when they change.
 */
export async function deflatePiece(raw: Buffer, before?: Buffer): Promise<DeflatedPiece> {
  const dictionary = before && before.length > 0 ? before.subarray(Math.max(0, before.length - WINDOW)) : undefined;
  const deflated = await slots.run(() => deflateRaw(raw, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) }));
  return { raw, deflated };
}

/**
 * A gzip body of the pieces in order: the header, their deflated bytes, a final empty block, and
 * the trailer (CRC-32 and length of the whole, RFC 1952). Costs one CRC pass over the raw bytes
 * (zlib's, a few milliseconds for 7 MB) and a copy of the deflated ones; nothing is compressed again.
 */
export function gzipOfPieces(pieces: readonly DeflatedPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    // Node's crc32 answers 0 for an empty buffer that went through zlib, whatever the value it
    // continues: an empty piece adds nothing to the checksum anyway.
    if (piece.raw.length > 0) crc = zlib.crc32(piece.raw, crc);
    length += piece.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  return Buffer.concat([HEADER, ...pieces.map((p) => p.deflated), LAST_BLOCK, trailer]);
}
