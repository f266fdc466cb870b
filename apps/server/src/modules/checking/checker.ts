/**
 * The answer checker as the app uses it: a small pool of worker threads (piscina) running
 * `judge.ts`, so no parse or simplification ever runs on the event loop.
 *
 * Each answer gets `timeLimitMs` of a worker's time from the moment it starts; past that the
 * worker is terminated (piscina aborts a running task that way and starts a replacement) and the
 * verdict is `unsure`. A task that waits in the queue longer than `queueLimitMs` is `unsure` too,
 * and a full queue answers `unsure` at once: the teacher then judges, as without a key.
 * Create one per app and close it with the app.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ANSWER_KEY_ERRORS, type CheckVerdict } from '@mathclub/shared';
import type { CheckTask } from './check-worker.js';
import type { CheckableKind, CheckSpec, KeyParse } from './judge.js';

export interface CheckerOptions {
  /** Worker threads; default: one per core beyond the first, at least 1, at most 2. */
  threads?: number;
  /** Time one answer may take once a worker runs it. */
  timeLimitMs?: number;
  /** Time an answer may wait for a free worker. */
  queueLimitMs?: number;
  /** Answers waiting beyond this many are `unsure` at once. */
  maxQueue?: number;
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
/** Longest wait for the threads to load the engine before answers are timed anyway. */
const STARTUP_LIMIT_MS = 60_000;

type Unstarted<T> = T extends unknown ? Omit<T, 'started'> : never;

/** Under Vitest or tsx the module is TypeScript: the worker then needs tsx's loader too. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './check-worker.ts' : './check-worker.js', import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx, '--conditions=source'] };
}

export function createChecker(options: CheckerOptions = {}): Checker {
  const threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
  const timeLimitMs = options.timeLimitMs ?? CHECK_TIME_LIMIT_MS;
  const queueLimitMs = options.queueLimitMs ?? 10_000;
  const pool = new Piscina({
    ...workerEntry(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
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
      return (await pool.run({ ...task, started: port2 }, { transferList: [port2], signal: controller.signal })) as T;
    } catch {
      // Aborted after the limit, a full queue, or a worker that died: never a guess.
      return fallback;
    } finally {
      clearTimeout(waiting);
      clearTimeout(limit);
      port1.close();
    }
  }

  return {
    check: (spec, answer) => run({ op: 'check', spec, answer }, 'unsure' as CheckVerdict),
    ready: () => ready.then(() => undefined),
    parseKey: (kind, key) => run({ op: 'parseKey', kind, key }, { ok: false, error: ANSWER_KEY_ERRORS.invalid } as KeyParse),
    async close() {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
