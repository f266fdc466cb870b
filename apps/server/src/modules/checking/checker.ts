/**
 * The answer checker as the app uses it: a small pool of worker threads (piscina) running
 * `judge.ts`, so no parse or simplification ever runs on the event loop.
 *
 * Each answer gets `timeLimitMs` of a worker's time from the moment it starts. The engine stops
 * itself a little earlier (`softLimitMs`, its cooperative deadline); whatever ignores that (a
 * parse, a loop outside the engine) is stopped by terminating the worker (piscina aborts a running
 * task that way and starts a replacement). Either way the verdict is `unsure`. A task that waits in the queue longer than `queueLimitMs` is `unsure` too,
 * and a full queue answers `unsure` at once: the teacher then judges, as without a key.
 * Create one per app and close it with the app.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerEntry } from '../../lib/worker-entry.js';
import { ANSWER_KEY_ERRORS, CHECKABLE_ANSWER_MAX, type CheckVerdict } from '@mathclub/shared';
import type { CheckTask } from './check-worker.js';
import type { CheckableKind, CheckSpec, KeyParse } from './judge.js';

export interface CheckerOptions {
  /**
   * Worker threads; default 2: one answer at its time limit never holds up all the others, and
   * each thread holds its own engine (tens of MB), so more is a deliberate choice.
   */
  threads?: number;
  /** Time one answer may take once a worker runs it; past it the worker is terminated. */
  timeLimitMs?: number;
  /**
   * The engine's own deadline inside the worker (default: 80% of `timeLimitMs`): a long
   * evaluation stops there by itself, and the thread need not be replaced.
   */
  softLimitMs?: number;
  /** Time an answer may wait for a free worker. */
  queueLimitMs?: number;
  /** Answers waiting beyond this many are `unsure` at once. */
  maxQueue?: number;
  /**
   * A thread exits after this long without an answer to check (default 60 s), and the next answer
   * starts one again (about a second, while the engine loads; the time limit starts after it). Each
   * thread holds ~75 MB for its engine (measured on the built server: 2 threads 62 → 209 MB of
   * RSS, back to 89 MB once they exit): a school's server should not hold that through the night
   * for the minutes of a lesson when answers are checked.
   */
  idleMs?: number;
}

export interface Checker {
  check(spec: CheckSpec, answer: string): Promise<CheckVerdict>;
  /** Validates a teacher's key: a LaTeX preview, or the i18n key for `validationErrors.answerKey`. */
  parseKey(kind: CheckableKind, key: string): Promise<KeyParse>;
  /** Resolves once the worker threads have loaded the engine (tests and benchmarks wait for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const CHECK_TIME_LIMIT_MS = 1500;
/**
 * A thread leaves after this long without an answer to check: each holds ~75 MB for its engine,
 * and the next answer starts one again in about a second.
 */
const CHECKER_IDLE_MS = 20_000;
/** Longest wait for the threads to load the engine before answers are timed anyway. */
const STARTUP_LIMIT_MS = 60_000;

type Unstarted<T> = T extends unknown ? Omit<T, 'started'> : never;
type TransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

export function createChecker(options: CheckerOptions = {}): Checker {
  const threads = options.threads ?? 2;
  const timeLimitMs = options.timeLimitMs ?? CHECK_TIME_LIMIT_MS;
  const softLimitMs = options.softLimitMs ?? Math.floor(timeLimitMs * 0.8);
  const queueLimitMs = options.queueLimitMs ?? 10_000;
  const pool = new Piscina({
    ...workerEntry(import.meta.url, './check-worker'),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleMs ?? CHECKER_IDLE_MS,
    maxQueue: options.maxQueue ?? 1_000,
    // A worker terminated for overrunning must not be waited for at close.
    closeTimeout: 2_000,
  });
  // A worker that dies between tasks is replaced by the pool; its error must not end the process.
  pool.on('error', () => {});
  let closed = false;
  // Loading the engine takes a worker a second or more (far more under a TypeScript loader): the
  // time limits start once the threads are up, so start-up never turns a first answer `unsure`.
  const started = Promise.all(
    Array.from({ length: threads }, () => pool.run({ op: 'ping' }).catch(() => undefined)),
  );
  const ready = Promise.race([started, new Promise((resolve) => setTimeout(resolve, STARTUP_LIMIT_MS).unref())]);

  async function run<T>(task: Unstarted<CheckTask>, fallback: T): Promise<T> {
    if (closed) return fallback;
    await ready;
    if (closed) return fallback;
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let limit: NodeJS.Timeout | undefined;
    const waiting = setTimeout(() => controller.abort(), queueLimitMs + timeLimitMs);
    port1.once('message', () => {
      limit = setTimeout(() => controller.abort(), timeLimitMs);
    });
    try {
      // (piscina derives the list's type from @types/node's postMessage, which differs between versions)
      const transferList = [port2] as unknown as TransferList;
      return (await pool.run({ ...task, started: port2 }, { transferList, signal: controller.signal })) as T;
    } catch {
      // Aborted after the limit, a full queue, or a worker that died: never a guess.
      // A running answer's abort terminates its thread, and piscina replaces a thread only up to
      // minThreads (0 here): answers queued behind it would wait out their limit. A ping is new
      // work, for which the pool starts a thread that then serves the queue too.
      if (limit !== undefined && !closed) pool.run({ op: 'ping' }).catch(() => undefined);
      return fallback;
    } finally {
      clearTimeout(waiting);
      clearTimeout(limit);
      port1.close();
    }
  }

  return {
    // An answer too long to be a number or a formula is not even sent to a worker.
    check: async (spec, answer) => (answer.length > CHECKABLE_ANSWER_MAX
      ? 'unsure'
      : run({ op: 'check', spec, answer, softLimitMs }, 'unsure' as CheckVerdict)),
    ready: () => ready.then(() => undefined),
    parseKey: (kind, key) => run({ op: 'parseKey', kind, key, softLimitMs }, { ok: false, error: ANSWER_KEY_ERRORS.invalid } as KeyParse),
    async close() {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
