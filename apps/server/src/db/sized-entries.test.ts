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

  it('leaves an entry used again where it is while it is among the newer half, and still lets the older half go first', () => {
    const entries = new SizedEntries<string, { size: number }>(4, Infinity);
    const [a, b, c, d] = [entry(), entry(), entry(), entry()];
    entries.set('a', a);
    entries.set('b', b);
    entries.set('c', c);
    entries.set('d', d);
    // a and b are the older half: used again, each moves to the newest end.
    entries.touch('b', b);
    entries.touch('a', a);
    // c, d, b, a: c is now third from the newest end, in the older half again, and goes first.
    entries.set('e', entry());
    expect(entries.get('c')).toBeUndefined();
    expect([entries.get('a'), entries.get('b'), entries.get('d')]).toEqual([a, b, d]);
    // d is the oldest now: used again, it moves and b goes next.
    entries.touch('d', d);
    entries.set('f', entry());
    expect(entries.get('b')).toBeUndefined();
    expect(entries.get('d')).toBe(d);
  });

  it('does not move an entry of the newer half, so among those the order is where they were put', () => {
    const entries = new SizedEntries<string, { size: number }>(4, Infinity);
    const [w, x, y, z] = [entry(), entry(), entry(), entry()];
    entries.set('w', w);
    entries.set('x', x);
    entries.set('y', y);
    entries.set('z', z);
    // y is one from the newest end: it stays, so it goes before z (strict LRU would keep y longer).
    entries.touch('y', y);
    for (const k of ['n1', 'n2', 'n3']) entries.set(k, entry());
    expect([entries.get('w'), entries.get('x'), entries.get('y')]).toEqual([undefined, undefined, undefined]);
    expect(entries.get('z')).toBe(z);
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
