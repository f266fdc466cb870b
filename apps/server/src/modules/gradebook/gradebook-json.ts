import type { Gradebook } from '@mathclub/shared';
import { ReadyJson } from '../../lib/ready-json.js';

/** The longest cell: two ids of up to 16 digits, the longest state, two counts of up to 16 digits. */
const CELL_MAX_BYTES = '{"studentId":,"taskId":,"state":"incorrect","attempts":,"points":},'.length + 4 * 16;

/**
 * The gradebook as JSON bytes, written by hand: exactly the §11 shape the route's schema states
 * (names and titles through JSON.stringify, every other value a number or a state from a fixed
 * list), in a fifth of the time the compiled serializer takes for 100,000 cell objects (83 → 15 ms
 * for the 200 × 500 group). The cells, plain ASCII, go straight into one buffer: joining 100,000
 * strings made a second copy of the whole answer, two bytes a character once a Cyrillic name was
 * in it (about 50 MB held for a moment per 100,000-cell book). The response check of the API tests
 * holds it to the OpenAPI schema, and gradebook.test.ts to the book it was written from.
 */
export function gradebookJson(book: Gradebook): ReadyJson {
  const head = Buffer.from(
    `{"students":${JSON.stringify(book.students.map(({ id, name }) => ({ id, name })))},"tasks":${JSON.stringify(book.tasks.map(({ id, title, points }) => ({ id, title, points })))},"cells":[`,
    'utf8',
  );
  const cells = book.cells;
  const out = Buffer.allocUnsafe(head.length + cells.length * CELL_MAX_BYTES + 2);
  let at = head.copy(out, 0);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    at += out.write(`${i === 0 ? '' : ','}{"studentId":${c.studentId},"taskId":${c.taskId},"state":"${c.state}","attempts":${c.attempts},"points":${c.points}}`, at, 'latin1');
  }
  at += out.write(']}', at, 'latin1');
  // An exact copy: the estimate's slack is not kept for as long as the answer is cached.
  return new ReadyJson(Buffer.from(out.subarray(0, at)));
}
