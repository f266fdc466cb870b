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
import { ANSWER_KEY_ERRORS, CHECKABLE_ANSWER_MAX } from '@mathclub/shared';
export const CHECK_TIME_LIMIT_MS = 1500;
/**
 * A thread leaves after this long without an answer to check: each holds ~75 MB for its engine,
 * and the next answer starts one again in about a second.
 */
const CHECKER_IDLE_MS = 20_000;
/** Longest wait for the threads to load the engine before answers are timed anyway. */
const STARTUP_LIMIT_MS = 60_000;
export function createChecker(options = {}) {
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
    pool.on('error', () => { });
    let closed = false;
    // Loading the engine takes a worker a second or more (far more under a TypeScript loader): the
    // time limits start once the threads are up, so start-up never turns a first answer `unsure`.
    const started = Promise.all(Array.from({ length: threads }, () => pool.run({ op: 'ping' }).catch(() => undefined)));
    const ready = Promise.race([started, new Promise((resolve) => setTimeout(resolve, STARTUP_LIMIT_MS).unref())]);
    async function run(task, fallback) {
        if (closed)
            return fallback;
        await ready;
        if (closed)
            return fallback;
        const controller = new AbortController();
        const { port1, port2 } = new MessageChannel();
        let limit;
        const waiting = setTimeout(() => controller.abort(), queueLimitMs + timeLimitMs);
        port1.once('message', () => {
            limit = setTimeout(() => controller.abort(), timeLimitMs);
        });
        try {
            // (piscina derives the list's type from @types/node's postMessage, which differs between versions)
            const transferList = [port2];
            return (await pool.run({ ...task, started: port2 }, { transferList, signal: controller.signal }));
        }
        catch {
            // Aborted after the limit, a full queue, or a worker that died: never a guess.
            // A running answer's abort terminates its thread, and piscina replaces a thread only up to
            // minThreads (0 here): answers queued behind it would wait out their limit. A ping is new
            // work, for which the pool starts a thread that then serves the queue too.
            if (limit !== undefined && !closed)
                pool.run({ op: 'ping' }).catch(() => undefined);
            return fallback;
        }
        finally {
            clearTimeout(waiting);
            clearTimeout(limit);
            port1.close();
        }
    }
    return {
        // An answer too long to be a number or a formula is not even sent to a worker.
        check: async (spec, answer) => (answer.length > CHECKABLE_ANSWER_MAX
            ? 'unsure'
            : run({ op: 'check', spec, answer, softLimitMs }, 'unsure')),
        ready: () => ready.then(() => undefined),
        parseKey: (kind, key) => run({ op: 'parseKey', kind, key, softLimitMs }, { ok: false, error: ANSWER_KEY_ERRORS.invalid }),
        async close() {
            if (closed)
                return;
            closed = true;
            await pool.destroy();
        },
    };
}
//# sourceMappingURL=checker.js.map