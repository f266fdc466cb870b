import type { GradebookCell } from '@mathclub/shared';
import type { GradebookLayout } from './gradebook.service.js';

/** The longest cell: two ids of up to 16 digits, the longest state, two counts of up to 16 digits. */
const CELL_MAX_BYTES = '{"studentId":,"taskId":,"state":"incorrect","attempts":,"points":},'.length + 4 * 16;

/**
 * The gradebook's JSON is written in pieces so that a verdict, which changes one task's column,
 * re-serializes (and re-compresses, gradebook-bytes.ts) that column only: the head (students,
 * tasks and the opening of `cells`), one piece per task column, and the tail. Concatenated they
 * are exactly the §11 shape the route's schema states; the response check of the API tests holds
 * them to the OpenAPI schema, and gradebook.test.ts to the book they were written from.
 */
export function headPiece(layout: GradebookLayout): Buffer {
  return Buffer.from(
    `{"students":${JSON.stringify(layout.students.map(({ id, name }) => ({ id, name })))},"tasks":${JSON.stringify(layout.tasks.map(({ id, title, points }) => ({ id, title, points })))},"cells":[`,
    'utf8',
  );
}

export const TAIL_PIECE = Buffer.from(']}', 'latin1');

/**
 * One task's cells, with the comma that separates it from the column before (`first`: none).
 * Written by hand, every value a number or a state from a fixed list, plain ASCII straight into
 * one buffer: the compiled serializer took five times as long for 100,000 cell objects, and joining
 * strings made a second copy of the answer.
 */
export function columnPiece(cells: readonly GradebookCell[], first: boolean): Buffer {
  if (cells.length === 0) return Buffer.alloc(0);
  const out = Buffer.allocUnsafe(cells.length * CELL_MAX_BYTES + 1);
  let at = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    at += out.write(`${i === 0 && first ? '' : ','}{"studentId":${c.studentId},"taskId":${c.taskId},"state":"${c.state}","attempts":${c.attempts},"points":${c.points}}`, at, 'latin1');
  }
  // An exact copy: the estimate's slack is not kept for as long as the answer is cached.
  return Buffer.from(out.subarray(0, at));
}
