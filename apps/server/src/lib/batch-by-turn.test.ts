import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchByTurn } from './batch-by-turn.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fetchMany that records each call's keys and answers key → key * 10 for keys below 100. */
function recordingFetch() {
  const calls: number[][] = [];
  const fetchMany = async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k < 100).map((k) => [k, k * 10]));
  };
  return { calls, fetchMany };
}

describe('batchByTurn', () => {
  it('sends the keys asked for in one turn as one fetch, each key once', async () => {
    const { calls, fetchMany } = recordingFetch();
    const load = batchByTurn(fetchMany);
    const results = await Promise.all([load(1), load(2), load(1), load(3)]);
    expect(results).toEqual([10, 20, 10, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('answers undefined for a key the fetch did not find, without affecting the others', async () => {
    const load = batchByTurn(recordingFetch().fetchMany);
    expect(await Promise.all([load(5), load(500)])).toEqual([50, undefined]);
  });

  it('never answers a lookup from a fetch that started before it was asked', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = batchByTurn(async (keys: number[]) => {
      const fetchNumber = calls.push(keys);
      if (fetchNumber === 1) await gate;
      return new Map(keys.map((k) => [k, fetchNumber]));
    });
    const first = load(7);
    await nextTurn(); // the first fetch is now in flight, held at the gate
    const second = load(7);
    await nextTurn();
    release();
    expect(await first).toBe(1);
    // Asked while the first fetch was running: it gets its own, later fetch.
    expect(await second).toBe(2);
    expect(calls).toEqual([[7], [7]]);
  });

  it('splits a turn with more than maxKeys distinct keys into full batches', async () => {
    const { calls, fetchMany } = recordingFetch();
    const load = batchByTurn(fetchMany, 3);
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((k) => load(k)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(calls).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('fails every lookup of a batch whose fetch fails, and the next batch works again', async () => {
    let fail = true;
    const load = batchByTurn(async (keys: number[]) => {
      if (fail) throw new Error('database unavailable');
      return new Map(keys.map((k) => [k, k]));
    });
    const failed = await Promise.allSettled([load(1), load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load(3)).toBe(3);
  });

  it('also fails the batch when fetchMany throws before returning a promise', async () => {
    const load = batchByTurn<number, number>(() => {
      throw new Error('bad');
    });
    await expect(load(1)).rejects.toThrow('bad');
  });

  it('gives every caller the value for its own key, whatever the turns and duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer({ min: 0, max: 150 }), { maxLength: 12 }), { maxLength: 6 }), fc.integer({ min: 1, max: 5 }), async (turns, maxKeys) => {
        const { calls, fetchMany } = recordingFetch();
        const load = batchByTurn(fetchMany, maxKeys);
        const pending: Promise<[number, number | undefined]>[] = [];
        for (const keys of turns) {
          for (const k of keys) pending.push(load(k).then((v) => [k, v]));
          await nextTurn();
        }
        for (const [k, v] of await Promise.all(pending)) expect(v).toBe(k < 100 ? k * 10 : undefined);
        for (const keys of calls) {
          expect(keys.length).toBeLessThanOrEqual(maxKeys);
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('with maxInFlight, holds the next turns\' lookups in one batch while the fetches run, and sends it when one returns', async () => {
    const calls: number[][] = [];
    const gates: (() => void)[] = [];
    const load = batchByTurn(
      async (keys: number[]) => {
        calls.push(keys);
        await new Promise<void>((resolve) => gates.push(resolve));
        return new Map(keys.map((k) => [k, k * 10]));
      },
      100,
      1,
    );
    const first = load(1);
    await nextTurn(); // fetch 1 is in flight
    const later = [load(2), load(3)];
    await nextTurn();
    const last = load(4);
    await nextTurn();
    expect(calls).toEqual([[1]]); // three turns, one fetch: the others wait together
    gates.shift()!();
    expect(await first).toBe(10);
    await nextTurn();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    gates.shift()!();
    expect(await Promise.all([...later, last])).toEqual([20, 30, 40]);
  });

  it('with maxInFlight, never answers from a fetch that started before the lookup, never runs more fetches at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 8 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 10 }),
        async (turns, maxInFlight, maxKeys, delays) => {
          let started = 0;
          let running = 0;
          let mostRunning = 0;
          const load = batchByTurn(
            async (keys: number[]) => {
              const fetchNumber = ++started;
              running++;
              mostRunning = Math.max(mostRunning, running);
              for (let t = 0; t < delays[fetchNumber % delays.length]!; t++) await nextTurn();
              running--;
              return new Map(keys.map((k) => [k, fetchNumber]));
            },
            maxKeys,
            maxInFlight,
          );
          const asked: Promise<void>[] = [];
          for (const keys of turns) {
            for (const k of keys) {
              const startedBefore = started;
              asked.push(load(k).then((fetchNumber) => expect(fetchNumber).toBeGreaterThan(startedBefore)));
            }
            await nextTurn();
          }
          await Promise.all(asked);
          expect(mostRunning).toBeLessThanOrEqual(maxInFlight);
        },
      ),
      { numRuns: 200 },
    );
  });
});
