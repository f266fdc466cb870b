import { describe, expect, it } from 'vitest';
import { SizedEntries } from './sized-entries.js';

describe('sized entries', () => {
  const entry = (size = 0) => ({ size });

  it('lets the least recently used go first when there are too many', () => {
    const entries = new SizedEntries<string, { size: number }>(2, Infinity);
    const [a, b, c] = [entry(), entry(), entry()];
    entries.set('a', a);
    entries.set('b', b);
    entries.touch('a', a);
    entries.set('c', c);
    expect([entries.get('a'), entries.get('b'), entries.get('c')]).toEqual([a, undefined, c]);
  });

  it('counts bytes as entries are resized, and keeps within its bytes (one entry over them goes too)', () => {
    const deltas: number[] = [];
    const entries = new SizedEntries<string, { size: number }>(10, 100, (delta) => deltas.push(delta));
    const [a, b] = [entry(), entry()];
    entries.set('a', a);
    entries.resize(a, 60);
    entries.set('b', b);
    entries.resize(b, 30);
    expect(entries.bytes).toBe(90);
    entries.resize(b, 50);
    expect(entries.get('a')).toBeUndefined();
    expect(entries.bytes).toBe(50);
    entries.resize(b, 150);
    expect(entries.get('b')).toBeUndefined();
    expect(entries.bytes).toBe(0);
    expect(deltas.reduce((sum, d) => sum + d, 0)).toBe(0);
  });

  it('replaces an entry under its key, and deletes only the entry it is given', () => {
    const entries = new SizedEntries<string, { size: number }>(10, 1000);
    const [old, newer] = [entry(), entry()];
    entries.set('k', old);
    entries.resize(old, 40);
    entries.set('k', newer);
    expect(entries.bytes).toBe(0);
    entries.delete('k', old);
    expect(entries.get('k')).toBe(newer);
    entries.delete('k', newer);
    expect(entries.get('k')).toBeUndefined();
  });
});
