import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.js';

/** A task that runs until released, recording when it started. */
function controlled(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const task = async () => {
    started.push(name);
    await done;
  };
  return { task, release: () => release() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('FairSlots', () => {
  it('never gives one owner more than its share, and hands freed slots round-robin to the owners waiting', async () => {
    const slots = new FairSlots(3, 2);
    const started: string[] = [];
    const tasks = new Map<string, ReturnType<typeof controlled>>();
    const runs: Promise<void>[] = [];
    const submit = (owner: string, n: number) => {
      const name = `${owner}${n}`;
      const c = controlled(started, name);
      tasks.set(name, c);
      runs.push(slots.run(owner, c.task));
    };
    for (let i = 1; i <= 5; i++) submit('a', i);
    submit('b', 1);
    submit('b', 2);
    submit('c', 1);
    await tick();
    // a holds its two, b the third slot; everything else waits.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(slots.active).toBe(3);
    tasks.get('a1')!.release();
    await tick();
    // The last free slot goes to an owner holding none (c), not to a, which still holds one.
    expect(started.at(-1)).toBe('c1');
    tasks.get('b1')!.release();
    await tick();
    // Again: b holds none now, a still holds one.
    expect(started.at(-1)).toBe('b2');
    tasks.get('a2')!.release();
    await tick();
    expect(started.at(-1)).toBe('a3');
    for (const name of ['a3', 'b2', 'c1']) tasks.get(name)!.release();
    await tick();
    expect(started.slice(-2)).toEqual(['a4', 'a5']);
    tasks.get('a4')!.release();
    tasks.get('a5')!.release();
    await Promise.all(runs);
    expect(slots.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new FairSlots(1, 1);
    await expect(slots.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run('a', async () => 'next')).toBe('next');
    expect(slots.active).toBe(0);
  });

  it('keeps the last free slot for an owner holding none: two accounts stalling many uploads leave a slot to a third (issue 50)', async () => {
    const slots = new FairSlots(4, 2);
    const started: string[] = [];
    const held: ReturnType<typeof controlled>[] = [];
    const runs: Promise<void>[] = [];
    for (const owner of ['a', 'b'])
      for (let i = 1; i <= 10; i++) {
        const c = controlled(started, `${owner}${i}`);
        held.push(c);
        runs.push(slots.run(owner, c.task));
      }
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    const third = controlled(started, 'c1');
    const run = slots.run('c', third.task);
    await tick();
    expect(started.at(-1)).toBe('c1');
    third.release();
    await run;
    for (const c of held) c.release();
    await Promise.all(runs);
    expect(slots.active).toBe(0);
  });

  it('lets a waiting task leave the line when its signal aborts, and gives its place to the next', async () => {
    const slots = new FairSlots(1, 1);
    const started: string[] = [];
    const first = controlled(started, 'a1');
    const running = slots.run('a', first.task);
    const line = new AbortController();
    const gone = slots.run('b', controlled(started, 'b1').task, undefined, line.signal);
    const next = controlled(started, 'c1');
    const waiting = slots.run('c', next.task);
    line.abort(new Error('stalled'));
    await expect(gone).rejects.toThrow('stalled');
    first.release();
    await running;
    await tick();
    expect(started).toEqual(['a1', 'c1']);
    next.release();
    await waiting;
    expect(slots.active).toBe(0);
  });
});
