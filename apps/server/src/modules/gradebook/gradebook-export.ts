import { Piscina } from 'piscina';
import { workerEntry } from '../../lib/worker-entry.js';
import type { ExportJob } from './gradebook-export.worker.js';

/**
 * Spreadsheets are made off the event loop, one at a time per process: a 200 × 500 gradebook is
 * seconds of CPU in ExcelJS, which would otherwise stall every other request. The thread starts
 * at the first download and leaves after a minute idle.
 */
export class GradebookExporter {
  private pool: Piscina | undefined;
  private closed = false;

  async run(job: ExportJob): Promise<Buffer> {
    if (this.closed) throw new Error('exporter closed');
    this.pool ??= new Piscina({ ...workerEntry(import.meta.url, './gradebook-export.worker'), minThreads: 0, maxThreads: 1, idleTimeout: 60_000, maxQueue: 100 });
    const out = (await this.pool.run(job)) as Uint8Array;
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }
}
