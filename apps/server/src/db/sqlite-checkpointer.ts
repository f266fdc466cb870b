import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { workerBootstrap } from '../lib/worker-entry.js';
import type { CheckpointResult } from './sqlite-checkpoint.worker.js';

/**
 * SQLite in WAL mode appends every commit to `<file>-wal`; now and then the WAL is copied back into
 * the database file (a checkpoint), which writes up to thousands of pages and syncs both files. By
 * default the commit that fills the WAL past 1,000 pages does it, on the thread that committed: our
 * event loop. In the bench's mixed run that is a text answer or a verdict stalling every request
 * for milliseconds several times a second (the insert's p99 6 ms against a p50 of 0.1 ms, the
 * commit's max 15 ms). better-sqlite3's documentation advises checkpointing from elsewhere; here a
 * thread of its own, with its own connection, runs a PASSIVE checkpoint (it never waits for, nor
 * blocks, a reader or a writer) every `everyMs`, and the main connection's automatic checkpoint
 * only stays as a backstop for a WAL the thread cannot keep up with.
 *
 * The thread starts when the WAL first grows past `startAfterBytes` (a test's or a small school's
 * database never needs it), checked with an asynchronous stat.
 */
export interface CheckpointerOptions {
  /**
   * WAL size (bytes) that starts the thread: 2 MB, half of what makes SQLite checkpoint by itself
   * (1,000 pages of 4 KB; after that the file stays at about that size, so the limit must be under it).
   */
  startAfterBytes?: number;
  /** How often the thread checkpoints, and how often the WAL's size is looked at until it starts. */
  everyMs?: number;
  /** The main connection's automatic checkpoint (pages) once the thread runs: the backstop. */
  backstopPages?: number;
  /** Told each checkpoint the thread made that copied pages (tests, metrics). */
  onCheckpoint?: (result: CheckpointResult) => void;
}

export interface Checkpointer {
  /** Stops the thread (its connection closed first), if it started. */
  close(): Promise<void>;
}

const DEFAULTS = { startAfterBytes: 2 * 1024 * 1024, everyMs: 250, backstopPages: 16_000 };

/** Starts watching the WAL of `file`, open in WAL mode on `main`. */
export function startCheckpointer(file: string, main: { pragma: (source: string) => unknown }, options: CheckpointerOptions = {}): Checkpointer {
  const { startAfterBytes, everyMs, backstopPages } = { ...DEFAULTS, ...options };
  let worker: Worker | undefined;
  let exited: Promise<void> = Promise.resolve();
  let closed = false;
  let looking = false;

  const start = () => {
    worker = new Worker(workerBootstrap(import.meta.url, './sqlite-checkpoint.worker'), { eval: true, workerData: { file, everyMs } });
    worker.unref();
    // Settled however the thread ends (closed, terminated, or failed long before close()).
    const thread = worker;
    exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    worker.on('message', (message: { ready?: true; checkpoint?: CheckpointResult }) => {
      // Only once the thread has its connection does the event loop stop checkpointing on its own.
      if (message.ready && !closed) main.pragma(`wal_autocheckpoint = ${backstopPages}`);
      if (message.checkpoint) options.onCheckpoint?.(message.checkpoint);
    });
    // A thread that fails (the file gone, a driver that cannot load) leaves SQLite's own checkpoints.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (closed) return;
      try {
        main.pragma('wal_autocheckpoint = 1000');
      } catch {
        // the main connection is already closed
      }
    });
  };

  const watch = setInterval(() => {
    if (looking || worker || closed) return;
    looking = true;
    stat(`${file}-wal`)
      .then((s) => {
        if (s.size >= startAfterBytes && !worker && !closed) {
          start();
          clearInterval(watch);
        }
      })
      .catch(() => {})
      .finally(() => {
        looking = false;
      });
  }, everyMs);
  watch.unref();

  return {
    async close() {
      closed = true;
      clearInterval(watch);
      const w = worker;
      if (!w) return;
      w.postMessage('close');
      const timer = setTimeout(() => void w.terminate(), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
