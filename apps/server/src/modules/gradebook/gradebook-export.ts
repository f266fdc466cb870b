import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ExportJob } from './gradebook-export.worker.js';

type TransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

/** Under Vitest or tsx the module is TypeScript: the worker then needs tsx's loader too. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './gradebook-export.worker.ts' : './gradebook-export.worker.js', import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx, '--conditions=source'] };
}

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
    this.pool ??= new Piscina({ ...workerEntry(), minThreads: 0, maxThreads: 1, idleTimeout: 60_000, maxQueue: 100 });
    // The JSON's bytes are moved to the thread, not copied, but from a copy of their own: a Buffer
    // may be a slice of Node's shared pool, which Node 22+ refuses to transfer (DataCloneError).
    const json = new Uint8Array(job.json);
    const out = (await this.pool.run({ ...job, json }, { transferList: [json.buffer] as unknown as TransferList })) as Uint8Array;
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }
}
