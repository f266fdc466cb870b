import { Piscina } from 'piscina';
import type { Gradebook, Language } from '@mathclub/shared';
import { gradebookCsv, gradebookXlsx } from './gradebook-sheet.js';

/** What the export pool is asked: the book (copied to the thread) and the sheet's format and language. */
export interface ExportJob {
  book: Gradebook;
  format: 'csv' | 'xlsx';
  language: Language;
}

/** Runs in a worker thread: building a 100,000-cell spreadsheet takes seconds of CPU. */
export default async function exportGradebook(job: ExportJob): Promise<unknown> {
  const bytes = job.format === 'csv' ? gradebookCsv(job.book, job.language) : await gradebookXlsx(job.book, job.language);
  // Moved back, not copied, but as bytes of their own: a Buffer may be a slice of Node's shared
  // pool, which Node 22+ refuses to transfer (the download was a 500 on Node 24).
  const out = new Uint8Array(bytes);
  return Piscina.move(out);
}
