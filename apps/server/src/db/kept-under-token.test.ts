import { describe, expect, it } from 'vitest';
import { KeptUnderToken } from './kept-under-token.js';

describe('values kept under a change token', () => {
  /** A store whose loads are counted; `rows` is what a read finds now. */
  function store(rows: Map<number, string>, bounds = { maxEntries: 10, maxBytes: 1_000 }) {
    const loads: number[] = [];
    const kept = new KeptUnderToken<number, string>(async (key) => (loads.push(key), rows.get(key)), (v) => v.length, bounds);
    return { kept, loads };
  }

  it('reads a key once while its token holds, and again when the token moves', async () => {
    const rows = new Map([[1, 'a']]);
    const { kept, loads } = store(rows);
    expect(await kept.get(1, 't1')).toBe('a');
    rows.set(1, 'b');
    expect(await kept.get(1, 't1')).toBe('a');
    expect(await kept.get(1, 't2')).toBe('b');
    expect(loads).toEqual([1, 1]);
  });

  it('keeps nothing for a request without counters, and forgets a key that is no longer found', async () => {
    const rows = new Map([[1, 'a']]);
    const { kept, loads } = store(rows);
    expect(await kept.get(1, null)).toBe('a');
    expect(await kept.get(1, null)).toBe('a');
    expect(loads).toEqual([1, 1]);
    await kept.get(1, 't1');
    rows.delete(1);
    expect(await kept.get(1, 't2')).toBeUndefined();
    rows.set(1, 'c');
    // Under the older token again: the dropped entry is not served.
    expect(await kept.get(1, 't1')).toBe('c');
    expect(loads).toEqual([1, 1, 1, 1, 1]);
  });

  it('holds at most its bounds, least recently used first', async () => {
    const rows = new Map([1, 2, 3].map((k) => [k, 'x'.repeat(40)] as [number, string]));
    const { kept, loads } = store(rows, { maxEntries: 2, maxBytes: 1_000 });
    for (const key of [1, 2, 3]) await kept.get(key, 't');
    await kept.get(3, 't');
    await kept.get(1, 't');
    expect(loads).toEqual([1, 2, 3, 1]);
  });
});
