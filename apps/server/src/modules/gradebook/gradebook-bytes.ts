import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GradebookCell } from '@mathclub/shared';
import { acceptedCodings } from '../../lib/accept-encoding.js';
import { MIN_COMPRESSED_BYTES } from '../../lib/ready-json.js';
import { deflatePiece, gzipOfPieces, type DeflatedPiece } from '../../lib/segmented-gzip.js';
import { columnPiece, headPiece, TAIL_PIECE } from './gradebook-json.js';
import type { GradebookLayout } from './gradebook.service.js';

const brotli = promisify(zlib.brotliCompress);

/**
 * One state of a group's gradebook, ready to send: its JSON in pieces (head, one column per task,
 * tail), each deflated on its own, and the gzip body they make together. A verdict changes one
 * column: `withColumns` serializes and deflates that column alone and shares every other piece, so
 * the first read after it costs a few milliseconds instead of the whole 100,000-cell book
 * (issue 17: 410–440 ms for the 200 × 500 group). Brotli, a third smaller again for a big book, is
 * made in the background on libuv's threadpool and sent once it is ready.
 */
export class GradebookBytes {
  readonly gzip: Buffer;
  /** The JSON's length in bytes. */
  readonly length: number;
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
    const [head, tail, ...pieces] = await Promise.all([
      deflatePiece(headPiece(layout)),
      deflatePiece(TAIL_PIECE),
      ...layout.tasks.map((task, t) => deflatePiece(columnPiece(columns.get(task.id)!, t === 0))),
    ]);
    return new GradebookBytes(layout, new Map(layout.tasks.map((task, t) => [task.id, pieces[t]!])), head!, tail!);
  }

  /** This book with some columns replaced (same layout: same students, same tasks). */
  async withColumns(changed: ReadonlyMap<number, readonly GradebookCell[]>): Promise<GradebookBytes> {
    const first = this.layout.tasks[0]?.id;
    const pieces = await Promise.all([...changed].map(async ([taskId, cells]) => [taskId, await deflatePiece(columnPiece(cells, taskId === first))] as const));
    const columns = new Map(this.columns);
    for (const [taskId, piece] of pieces) columns.set(taskId, piece);
    return new GradebookBytes(this.layout, columns, this.head, this.tail);
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
      this.brPending ??= this.compressBrotli(request);
      // A br-only client waits for brotli rather than take the whole JSON uncompressed.
      if (!codings.includes('gzip')) {
        await this.brPending;
        if (this.br) return reply.header('content-encoding', 'br').send(this.br);
      }
    }
    if (codings.includes('gzip')) return reply.header('content-encoding', 'gzip').send(this.gzip);
    return reply.send(this.bytes);
  }

  private async compressBrotli(request: FastifyRequest): Promise<void> {
    const bytes = this.bytes;
    try {
      this.br = await brotli(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
    } catch (error) {
      request.log.warn({ err: error }, 'compressing a gradebook with brotli failed; gzip is sent');
    }
  }
}
