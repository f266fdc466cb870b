import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { Gradebook, GradebookCell } from '@mathclub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GradebookBytes } from './gradebook-bytes.js';

const columnsOf = (book: Gradebook) => new Map(book.tasks.map((task) => [task.id, book.cells.filter((c) => c.taskId === task.id)]));
const decoded = (bytes: GradebookBytes) => {
  const plain = bytes.bytes.toString('utf8');
  // The gzip body is the same JSON, byte for byte.
  expect(gunzipSync(bytes.gzip).toString('utf8')).toBe(plain);
  return JSON.parse(plain) as Gradebook;
};

describe('GradebookBytes', () => {
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
      { studentId: 2_147_483_647, taskId: 1, state: 'incorrect', attempts: 12, points: 0 },
      { studentId: 7, taskId: 99, state: 'none', attempts: 0, points: 0 },
      { studentId: 2_147_483_647, taskId: 99, state: 'waiting', attempts: 3, points: 0 },
    ],
  };

  it('writes exactly the book it is given, Cyrillic names and quoted titles included, as JSON and as gzip', async () => {
    const bytes = await GradebookBytes.of(book, columnsOf(book));
    expect(decoded(bytes)).toEqual(book);
    expect(bytes.length).toBe(bytes.bytes.length);
  });

  it('with a column replaced equals the book written whole with that column', async () => {
    const before = await GradebookBytes.of(book, columnsOf(book));
    const column: GradebookCell[] = [
      { studentId: 7, taskId: 99, state: 'correct', attempts: 2, points: 14 },
      { studentId: 2_147_483_647, taskId: 99, state: 'incorrect', attempts: 4, points: 0 },
    ];
    const after = await before.withColumns(new Map([[99, column]]));
    const expected = { ...book, cells: [...book.cells.slice(0, 2), ...column] };
    expect(decoded(after)).toEqual(expected);
    expect(after.bytes.equals((await GradebookBytes.of(expected, columnsOf(expected))).bytes)).toBe(true);
    // The first column too (it has no comma before it).
    const first = await after.withColumns(new Map([[1, [{ ...book.cells[0]!, attempts: 9 }, book.cells[1]!]]]));
    expect(decoded(first).cells[0]!.attempts).toBe(9);
    // The state it came from is unchanged.
    expect(decoded(before)).toEqual(book);
  });

  it('writes books with no students, no tasks, or neither', async () => {
    const empties: Gradebook[] = [
      { students: [], tasks: [], cells: [] },
      { students: book.students, tasks: [], cells: [] },
      { students: [], tasks: book.tasks, cells: [] },
    ];
    for (const empty of empties) {
      expect(decoded(await GradebookBytes.of(empty, columnsOf(empty)))).toEqual(empty);
    }
    expect((await GradebookBytes.of({ students: [], tasks: [] }, new Map())).bytes.toString()).toBe('{"students":[],"tasks":[],"cells":[]}');
  });

  describe('sent', () => {
    afterEach(() => vi.restoreAllMocks());
    const big: Gradebook = {
      students: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Student ${i}` })),
      tasks: Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, title: `Task ${i}`, points: 3 })),
      cells: [],
    };
    big.cells = big.tasks.flatMap((task) => big.students.map((st) => ({ studentId: st.id, taskId: task.id, state: 'none' as const, attempts: 0, points: 0 })));
    const serve = async (bytes: GradebookBytes, acceptEncoding?: string) => {
      const app = Fastify();
      app.get('/book', (request, reply) => bytes.send(request, reply));
      const res = await app.inject({ method: 'GET', url: '/book', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      await app.close();
      const coding = res.headers['content-encoding'];
      const body = coding === 'br' ? brotliDecompressSync(res.rawPayload) : coding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(JSON.parse(body.toString('utf8'))).toEqual(big);
      return coding;
    };

    it('goes as gzip while the state is new, as brotli once it has lasted and brotli is ready, plain without an Accept-Encoding', async () => {
      const bytes = await GradebookBytes.of(big, columnsOf(big));
      expect(await serve(bytes, 'br, gzip')).toBe('gzip');
      expect(await serve(bytes)).toBeUndefined();
      // A br-only client waits for brotli rather than take the JSON uncompressed.
      expect(await serve(bytes, 'br')).toBe('br');
      const later = await GradebookBytes.of(big, columnsOf(big));
      const start = performance.now();
      vi.spyOn(performance, 'now').mockReturnValue(start + 2500);
      // The first read after two seconds still gets gzip and starts brotli; a later read gets brotli.
      expect(await serve(later, 'gzip, br')).toBe('gzip');
      await vi.waitFor(async () => expect(await serve(later, 'gzip, br')).toBe('br'));
    });
  });
});
