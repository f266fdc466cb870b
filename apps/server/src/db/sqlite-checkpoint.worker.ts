/**
 * The thread that checkpoints SQLite's WAL for the event loop (see sqlite-checkpointer.ts): its own
 * connection, a PASSIVE checkpoint every `everyMs`. PASSIVE copies what no reader still needs and
 * returns at once when a writer holds the lock, so it never makes a request wait; the next writer
 * then starts the WAL from its beginning again, keeping the file small.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteDatabase } from './sqlite-driver.js';

export interface CheckpointResult {
  /** Frames in the WAL. */
  log: number;
  /** Frames of it now in the database file. */
  checkpointed: number;
}

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new SqliteDatabase(file, { fileMustExist: true });
// Waiting for a lock is this thread's to do, never the event loop's.
db.pragma('busy_timeout = 5000');
// This connection never commits, so it never checkpoints by itself either.
db.pragma('wal_autocheckpoint = 0');

let last = -1;
const timer = setInterval(() => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  if (!row) return;
  // Told only when pages moved (a quiet WAL reads the same numbers every time).
  if (row.checkpointed > 0 && row.checkpointed !== last) parentPort?.postMessage({ checkpoint: { log: row.log, checkpointed: row.checkpointed } });
  last = row.checkpointed;
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
parentPort?.postMessage({ ready: true });
