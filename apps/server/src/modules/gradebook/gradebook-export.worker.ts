import { Buffer } from 'node:buffer';
import { Piscina } from 'piscina';
import type { Gradebook, Language } from '@mathclub/shared';
import { gradebookCsv, gradebookXlsx } from './gradebook-sheet.js';

/** What the export pool is asked: the gradebook's JSON bytes (cheaper to hand over than 100,000 objects). */
export interface ExportJob {
  json: Uint8Array;
  format: 'csv' | 'xlsx';
  language: Language;
}

/** Runs in a worker thread: building a 100,000-cell spreadsheet takes seconds of CPU. */
export default async function exportGradebook(job: ExportJob): Promise<unknown> {
  const book = JSON.parse(Buffer.from(job.json).toString('utf8')) as Gradebook;
  const bytes = job.format === 'csv' ? gradebookCsv(book, job.language) : await gradebookXlsx(book, job.language);
  // Moved back, not copied, but as bytes of their own: a Buffer may be a slice of Node's shared
  // pool, which Node 22+ refuses to transfer (the download was a 500 on Node 24).
  const out = new Uint8Array(bytes);
  return Piscina.move(out);
}
