import { Piscina } from 'piscina';
import { workerEntry } from '../../lib/worker-entry.js';
/**
 * Spreadsheets are made off the event loop, one at a time per process: a 200 × 500 gradebook is
 * seconds of CPU in ExcelJS, which would otherwise stall every other request. The thread starts
 * at the first download and leaves after a minute idle.
 */
export class GradebookExporter {
    pool;
    closed = false;
    async run(job) {
        if (this.closed)
            throw new Error('exporter closed');
        this.pool ??= new Piscina({ ...workerEntry(import.meta.url, './gradebook-export.worker'), minThreads: 0, maxThreads: 1, idleTimeout: 60_000, maxQueue: 100 });
        const out = (await this.pool.run(job));
        return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    }
    async close() {
        this.closed = true;
        await this.pool?.destroy();
    }
}
//# sourceMappingURL=gradebook-export.js.map