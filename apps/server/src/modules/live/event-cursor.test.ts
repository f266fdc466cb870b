import { describe, expect, it } from 'vitest';
import { EventCursor } from './event-cursor.js';

describe('EventCursor', () => {
  it('hands each id on once, in id order, whatever order and repeats it is read in', () => {
    const cursor = new EventCursor(10);
    expect(cursor.take([13, 11, 12, 12])).toEqual([11, 12, 13]);
    expect(cursor.take([11, 13, 14])).toEqual([14]);
    expect(cursor.take([9, 10])).toEqual([]);
    expect(cursor.after).toBe(14);
  });

  it('waits for the ids skipped over (a later commit of an earlier insert) and hands them on when they come', () => {
    const cursor = new EventCursor(0);
    expect(cursor.take([1, 4])).toEqual([1, 4]);
    expect(cursor.holeIds()).toEqual([2, 3]);
    expect(cursor.isHole(3)).toBe(true);
    expect(cursor.take([3])).toEqual([3]);
    expect(cursor.take([3])).toEqual([]);
    expect(cursor.holeIds()).toEqual([2]);
  });

  it('gives a hole up after its time (a rolled-back insert never commits)', () => {
    let now = 0;
    const cursor = new EventCursor(0, 1_000, 100, () => now);
    cursor.take([3]);
    expect(cursor.holeIds()).toEqual([1, 2]);
    now = 1_001;
    expect(cursor.holeIds()).toEqual([]);
    expect(cursor.take([1])).toEqual([]);
  });

  it('keeps at most maxHoles, the newest', () => {
    const cursor = new EventCursor(0, 60_000, 3);
    cursor.take([10]);
    expect(cursor.holeIds()).toEqual([7, 8, 9]);
  });

  it('skips ahead when nobody listens', () => {
    const cursor = new EventCursor(0);
    cursor.take([2]);
    cursor.skipTo(50);
    expect(cursor.holeIds()).toEqual([]);
    expect(cursor.take([50, 51])).toEqual([51]);
  });
});
