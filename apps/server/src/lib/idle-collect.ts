import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What the collector reports after a collection (for the log). */
export interface IdleCollected {
  heapBeforeBytes: number;
  heapAfterBytes: number;
  ms: number;
}

export interface IdleCollectorOptions {
  /** How often the event loop and the heap are looked at. */
  everyMs?: number;
  /** The event loop's utilization over the last look below which the server counts as quiet. */
  idleBelow?: number;
  /** Growth of V8's used heap since the last full collection that makes one worth it. */
  garbageBytes?: number;
  /** V8's used heap now (tests pass their own). */
  usedHeap?: () => number;
  /** The event loop's utilization since the last call, 0–1 (tests pass their own). */
  utilization?: () => number;
  /** A full collection (tests pass their own); null where none can be had. */
  collect?: (() => void) | null;
  onCollected?: (collected: IdleCollected) => void;
}

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's full collection, as `--expose-gc` gives it, without that flag on the command line (which
 * `npm start`, the image and every test runner would each have to pass): the flag set at run time
 * exposes `gc` to contexts created after it, such as one of `vm`'s (Jest gets its `--logHeapUsage`
 * collection so). The flag is cleared again, so no later context gets it. Null if V8 refuses.
 *
 * The collection asks for V8's last-resort flavour first: everything collectable, and the pages
 * freed given back at once (measured on Node 24 with 100 MB of garbage: resident 262 → 66 MB, where
 * a plain collection left 275 until its sweeping ended). Node 20's V8 does not know it, so a plain
 * one follows (there: 167 → 99 MB within 3 s); after the first it costs little.
 */
export function exposedGc(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc !== 'function') return null;
    return () => {
      (gc as Gc)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      (gc as Gc)();
    };
  } catch {
    return null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/**
 * A full collection when the server goes quiet after a load. V8 collects its old generation when
 * allocation reaches a limit it sets at a few times the live data; once allocation stops, only its
 * memory reducer does, on a schedule of its own. Measured (bench, SQLite, 2026-11-29): after the
 * full run the server held 154 MB of V8 heap with 50 MB live, and its resident memory stood at
 * 291–314 MB in four runs (255–340 in earlier ones), unchanged after 30 quiet seconds; after the
 * mixed run alone, 316 MB for 20 s, 219 at 25 s, 155 at 30 s. With this collector: 308, then 217
 * at 10 s and 156 at 20 s.
 *
 * Looks every `everyMs` (10 s) and collects when the event loop was quiet over the last look
 * (`idleBelow`, 2 % busy) and the used heap grew by `garbageBytes` (32 MiB) since the last full
 * collection. A quiet server with a full heap pays one collection (with 50 MB live in 1.2 million
 * objects, the server's size after the bench: ~45 ms on Node 20, ~90 ms on Node 24, while nobody
 * waits); a busy one never does, and neither does an idle one that has nothing new to give.
 * Nothing here keeps the process alive. Returns null where no collection can be had.
 */
export function startIdleCollector(options: IdleCollectorOptions = {}): { stop: () => void } | null {
  const collect = options.collect === undefined ? exposedGc() : options.collect;
  if (!collect) return null;
  const usedHeap = options.usedHeap ?? (() => getHeapStatistics().used_heap_size);
  const utilization = options.utilization ?? eventLoopUtilizationSinceLastCall();
  const idleBelow = options.idleBelow ?? 0.02;
  const garbage = options.garbageBytes ?? 32 * 1024 * 1024;
  let afterCollect = usedHeap();
  const timer = setInterval(() => {
    const busy = utilization();
    const before = usedHeap();
    // V8's own collections lower the mark: growth counts from there.
    afterCollect = Math.min(afterCollect, before);
    if (busy >= idleBelow || before - afterCollect < garbage) return;
    const started = performance.now();
    collect();
    afterCollect = usedHeap();
    options.onCollected?.({ heapBeforeBytes: before, heapAfterBytes: afterCollect, ms: performance.now() - started });
  }, options.everyMs ?? 10_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function eventLoopUtilizationSinceLastCall(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
}
