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
    // a's freed slot goes to the first owner in line that may take one: a (waited first).
    expect(started.at(-1)).toBe('a3');
    tasks.get('b1')!.release();
    await tick();
    // Then b, then c: a does not get a third slot although it waited longest.
    expect(started.at(-1)).toBe('b2');
    tasks.get('a2')!.release();
    await tick();
    expect(started.at(-1)).toBe('c1');
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
});
