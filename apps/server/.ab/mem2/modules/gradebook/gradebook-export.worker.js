import { Piscina } from 'piscina';
import { gradebookCsv, gradebookXlsx } from './gradebook-sheet.js';
/** Runs in a worker thread: building a 100,000-cell spreadsheet takes seconds of CPU. */
export default async function exportGradebook(job) {
    const bytes = job.format === 'csv' ? gradebookCsv(job.book, job.language) : await gradebookXlsx(job.book, job.language);
    // Moved back, not copied, but as bytes of their own: a Buffer may be a slice of Node's shared
    // pool, which Node 22+ refuses to transfer (the download was a 500 on Node 24).
    const out = new Uint8Array(bytes);
    return Piscina.move(out);
}
//# sourceMappingURL=gradebook-export.worker.js.map