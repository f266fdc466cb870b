import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exposedGc, startIdleCollector, type IdleCollected } from './idle-collect.js';

const MB = 1024 * 1024;

describe('idle collector', () => {
  afterEach(() => vi.useRealTimers());

  it("gets V8's full collection without --expose-gc, and it frees garbage V8 had not collected", () => {
    const gc = exposedGc();
    expect(gc).toBeTypeOf('function');
    // Not left exposed to contexts made later.
    expect(globalThis).not.toHaveProperty('gc');
    gc!();
    const settled = getHeapStatistics().used_heap_size;
    // ~64 MB of arrays, promoted to the old generation while they were live, dropped on return.
    const arrays = () => {
      const kept: number[][] = [];
      for (let i = 0; i < 2_000; i++) kept.push(Array.from({ length: 4_000 }, (_, j) => i + j + 0.5));
      return kept.length;
    };
    expect(arrays()).toBe(2_000);
    expect(getHeapStatistics().used_heap_size - settled).toBeGreaterThan(32 * MB);
    gc!();
    expect(getHeapStatistics().used_heap_size - settled).toBeLessThan(8 * MB);
  });

  it('collects once the event loop is quiet and the heap grew, and not again until it grows again', () => {
    vi.useFakeTimers();
    let heap = 60 * MB;
    let busy = 0.5;
    const collected: IdleCollected[] = [];
    const collect = vi.fn(() => {
      heap = 70 * MB;
    });
    const collector = startIdleCollector({ everyMs: 1000, usedHeap: () => heap, utilization: () => busy, collect, onCollected: (c) => collected.push(c) });
    expect(collector).not.toBeNull();

    heap = 150 * MB; // a busy lesson: the heap fills, but nobody waits for a collection
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();

    busy = 0.01; // the lesson is over
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collected[0]).toMatchObject({ heapBeforeBytes: 150 * MB, heapAfterBytes: 70 * MB });

    vi.advanceTimersByTime(5000); // quiet, nothing new: no more collections
    expect(collect).toHaveBeenCalledTimes(1);

    heap = 90 * MB; // a few requests: less than the garbage worth a collection
    vi.advanceTimersByTime(3000);
    expect(collect).toHaveBeenCalledTimes(1);

    heap = 50 * MB; // V8 collected by itself: growth counts from its low
    vi.advanceTimersByTime(1000);
    heap = 80 * MB;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    heap = 85 * MB;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);

    collector!.stop();
    heap = 500 * MB;
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('does nothing where no collection can be had', () => {
    expect(startIdleCollector({ collect: null })).toBeNull();
  });
});
