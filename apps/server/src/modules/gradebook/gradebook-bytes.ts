import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GradebookCell } from '@mathclub/shared';
import { acceptedCodings } from '../../lib/accept-encoding.js';
import { brotliOptions, MIN_COMPRESSED_BYTES } from '../../lib/ready-json.js';
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from '../../lib/segmented-gzip.js';
import { columnPiece, headPiece, TAIL_PIECE } from './gradebook-json.js';
import type { GradebookLayout } from './gradebook.service.js';

/** A state is compressed with brotli once it has lasted this long: while verdicts keep coming, gzip. */
const BROTLI_AFTER_MS = 2000;

/**
 * One state of a group's gradebook, ready to send: its JSON in pieces (head, one column per task,
 * tail), each deflated on its own, and the gzip body they make together. A verdict changes one
 * column: `withColumns` serializes and deflates that column (and the piece after it) again and
 * shares every other piece, so the first read after it costs a few milliseconds instead of the
 * whole 100,000-cell book
 * (issue 17: 410–440 ms for the 200 × 500 group). Brotli, a third of gzip's size for a big book
 * (111 KB against 341 KB), is made in the background once a state has lasted two seconds (while
 * verdicts keep coming, each would cost ~70 ms of a core for 7 MB) and sent once it is ready.
 */
export class GradebookBytes {
  readonly gzip: Buffer;
  /** The JSON's length in bytes. */
  readonly length: number;
  private readonly createdAt = performance.now();
  private br: Buffer | undefined;
  private brPending: Promise<void> | undefined;

  private constructor(
    readonly layout: GradebookLayout,
    /** Task id → its column's piece, in the layout's task order. */
    private readonly columns: ReadonlyMap<number, DeflatedPiece>,
    private readonly head: DeflatedPiece,
    private readonly tail: DeflatedPiece,
  ) {
    const pieces = this.pieces();
    this.gzip = gzipOfPieces(pieces);
    this.length = pieces.reduce((sum, p) => sum + p.raw.length, 0);
  }

  /** A whole book from its layout and every column. */
  static async of(layout: GradebookLayout, columns: ReadonlyMap<number, readonly GradebookCell[]>): Promise<GradebookBytes> {
    const raws = [headPiece(layout), ...layout.tasks.map((task, t) => columnPiece(columns.get(task.id)!, t === 0)), TAIL_PIECE];
    // Each piece is deflated with the one before it as its dictionary (segmented-gzip.ts).
    const pieces = await Promise.all(raws.map((raw, i) => deflatePiece(raw, raws[i - 1])));
    return new GradebookBytes(layout, new Map(layout.tasks.map((task, t) => [task.id, pieces[t + 1]!])), pieces[0]!, pieces.at(-1)!);
  }

  /**
   * This book with some columns replaced (same layout: same students, same tasks). A changed
   * column is deflated again, and so is the piece after it (its dictionary changed).
   */
  async withColumns(changed: ReadonlyMap<number, readonly GradebookCell[]>): Promise<GradebookBytes> {
    const tasks = this.layout.tasks;
    const raws = [this.head.raw, ...tasks.map((task, t) => (changed.has(task.id) ? columnPiece(changed.get(task.id)!, t === 0) : this.columns.get(task.id)!.raw)), this.tail.raw];
    const old = this.pieces();
    const stale = (i: number) => i > 0 && i < raws.length - 1 ? changed.has(tasks[i - 1]!.id) : false;
    const pieces = await Promise.all(raws.map((raw, i) => (stale(i) || stale(i - 1) ? deflatePiece(raw, raws[i - 1]) : old[i]!)));
    return new GradebookBytes(this.layout, new Map(tasks.map((task, t) => [task.id, pieces[t + 1]!])), pieces[0]!, pieces.at(-1)!);
  }

  /** The bytes this state holds: each piece as JSON and deflated, the gzip body and brotli once made (for the cache's bound). */
  get retainedBytes(): number {
    return this.pieces().reduce((sum, p) => sum + p.raw.length + p.deflated.length, 0) + this.gzip.length + (this.br?.length ?? 0);
  }

  private pieces(): DeflatedPiece[] {
    return [this.head, ...this.layout.tasks.map((task) => this.columns.get(task.id)!), this.tail];
  }

  /** The JSON as one buffer (for a client that takes no compression, and the spreadsheet exports; not kept). */
  get bytes(): Buffer {
    return Buffer.concat(this.pieces().map((p) => p.raw));
  }

  /** Sends it in the best coding the client accepts that is ready now; starts brotli for the next read. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (this.length < MIN_COMPRESSED_BYTES) return reply.send(this.bytes);
    const codings = acceptedCodings(request.headers['accept-encoding']);
    if (codings.includes('br')) {
      if (this.br) return reply.header('content-encoding', 'br').send(this.br);
      // A br-only client waits for brotli rather than take the whole JSON uncompressed.
      const gzipToo = codings.includes('gzip');
      if (!gzipToo || performance.now() - this.createdAt >= BROTLI_AFTER_MS) this.brPending ??= this.compressBrotli(request);
      if (!gzipToo) {
        await this.brPending;
        if (this.br) return reply.header('content-encoding', 'br').send(this.br);
      }
    }
    if (codings.includes('gzip')) return reply.header('content-encoding', 'gzip').send(this.gzip);
    return reply.send(this.bytes);
  }

  /**
   * Brotli of the whole book, fed piece by piece to a stream on libuv's threadpool (no 7 MB copy on
   * the event loop). When it fails `br` stays unset and gzip is sent.
   */
  private async compressBrotli(request: FastifyRequest): Promise<void> {
    const stream = zlib.createBrotliCompress(brotliOptions(this.length));
    try {
      const [compressed] = await Promise.all([
        buffer(stream),
        pipeline(Readable.from(this.pieces().map((p) => p.raw)), stream),
      ]);
      this.br = compressed;
    } catch (error) {
      request.log.warn({ err: error }, 'compressing a gradebook with brotli failed; gzip is sent');
    }
  }
}
