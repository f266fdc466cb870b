import type { Gradebook } from '@mathclub/shared';
import { describe, expect, it } from 'vitest';
import { gradebookJson } from './gradebook-json.js';

describe('gradebookJson', () => {
  it('writes exactly the book it is given, Cyrillic names and quoted titles included', () => {
    const book: Gradebook = {
      students: [
        { id: 7, name: 'Олена Коваль' },
        { id: 2_147_483_647, name: 'Jan "Jo" Ünal' },
      ],
      tasks: [
        { id: 1, title: 'Дроби: 5/6 і "шосте"\nрядок', points: 3 },
        { id: 99, title: '√2 < 1,5', points: 12 },
      ],
      cells: [
        { studentId: 7, taskId: 1, state: 'correct', attempts: 1, points: 5 },
        { studentId: 7, taskId: 99, state: 'none', attempts: 0, points: 0 },
        { studentId: 2_147_483_647, taskId: 1, state: 'incorrect', attempts: 12, points: 0 },
        { studentId: 2_147_483_647, taskId: 99, state: 'waiting', attempts: 3, points: 0 },
      ],
    };
    const bytes = gradebookJson(book).bytes;
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(book);
    // The buffer is exactly the answer: no slack from the size estimate after it.
    expect(bytes.toString('utf8').endsWith(']}')).toBe(true);
  });

  it('writes an empty book', () => {
    const empty: Gradebook = { students: [], tasks: [], cells: [] };
    expect(gradebookJson(empty).bytes.toString('utf8')).toBe('{"students":[],"tasks":[],"cells":[]}');
  });
});
