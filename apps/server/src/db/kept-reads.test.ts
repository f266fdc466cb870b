import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { writeElsewhere } from '../test/write-elsewhere.js';
import { nowIso } from './database.js';
import { KeptReads, keptSize } from './kept-reads.js';

describe.each(testDatabases())('kept reads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A KeptReads whose computations are counted. */
  const counting = () => {
    const kept = new KeptReads<number>(t.db);
    let computed = 0;
    const read = (key: string, counters: Parameters<typeof kept.get>[1], until?: number) =>
      kept.get(key, counters, async () => {
        computed++;
        return { value: computed, ...(until === undefined ? {} : { until }) };
      });
    return { read, computed: () => computed };
  };

  it('answers from what it kept while no counter moved, and computes anew once a write elsewhere moves one', async () => {
    const group = await createGroup(t);
    const other = await createGroup(t);
    const { user: teacher } = await createUser(t, { role: 'teacher', groupIds: [group.id, other.id] });
    const { read, computed } = counting();
    const counters = [['k', group.id]] as const;
    expect(await read('list', counters)).toBe(1);
    expect(await read('list', counters)).toBe(1);
    // Another group's task leaves this group's counter where it was.
    await createTaskRow(t, other.id, teacher.id);
    expect(await read('list', counters)).toBe(1);
    // A task inserted by another connection: the trigger moves the counter, the next read sees it.
    await writeElsewhere(t, 'insert into tasks (title, text, level, points, group_id, author_id, created_at) values (?, ?, ?, ?, ?, ?, ?)', ['New', 'x', 'beginner', 1, group.id, teacher.id, nowIso()]);
    expect(await read('list', counters)).toBe(2);
    expect(computed()).toBe(2);
  });

  it('shares one computation between concurrent misses, and keys apart', async () => {
    const { read, computed } = counting();
    const counters = [['r', 0]] as const;
    const [a, b] = await Promise.all([read('one', counters), read('one', counters)]);
    expect(a).toBe(b);
    expect(await read('two', counters)).not.toBe(a);
    expect(computed()).toBe(2);
  });

  it('computes anew once the time its answer was true until has come', async () => {
    const { read } = counting();
    const counters = [['r', 0]] as const;
    const first = await read('timed', counters, Date.now() + 60_000);
    expect(await read('timed', counters)).toBe(first);
    const { read: readPast } = counting();
    const past = await readPast('timed', counters, Date.now() - 1);
    expect(await readPast('timed', counters)).toBe(past + 1);
  });

  it('keeps answers up to its size bound, the least recently read leaving first, and none larger than the bound', async () => {
    const kept = new KeptReads<string[]>(t.db, { bytes: 10_000 });
    let computed = 0;
    const list = (rows: number) => Array.from({ length: rows }, (_, i) => `row ${i} `.padEnd(98, '.'));
    const read = (key: string, rows: number) =>
      kept.get(key, [['r', 0]], async () => {
        computed++;
        return { value: list(rows) };
      });
    await read('a', 40); // ~4 KB
    await read('b', 40);
    expect(computed).toBe(2);
    await read('a', 40);
    expect(computed, 'both fit').toBe(2);
    await read('c', 40); // ~12 KB in all: the least recently read (b) leaves
    await read('a', 40);
    await read('c', 40);
    expect(computed).toBe(3);
    await read('b', 40);
    expect(computed, 'b was dropped').toBe(4);
    await read('huge', 200); // ~20 KB, more than the whole bound: computed each time
    await read('huge', 200);
    expect(computed).toBe(6);
  });
});

describe('keptSize', () => {
  it('is close to the JSON length of a list of like rows, and exact for anything else', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Task ${i}`, text: 'Розв’яжи рівняння '.repeat(1 + (i % 5)) }));
    const exact = JSON.stringify(rows).length;
    expect(Math.abs(keptSize(rows) - exact) / exact).toBeLessThan(0.25);
    expect(keptSize({ a: 'x' })).toBe(JSON.stringify({ a: 'x' }).length);
    expect(keptSize([])).toBe(2);
  });
});

