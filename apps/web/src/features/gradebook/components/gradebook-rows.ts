import type { Gradebook, GradebookCell } from '@mathclub/shared';

/** One student's row: their cells in task order and their totals. */
export interface GradebookRow {
  id: number;
  name: string;
  cells: GradebookCell[];
  points: number;
  solved: number;
}

export type GradebookSort = 'name' | 'points';

/** The flat cell list (task by task, each column in student order) as rows with totals, sorted by name (the server's order) or points. */
export function gradebookRows(book: Gradebook, sort: GradebookSort): GradebookRow[] {
  const height = book.students.length;
  const rows = book.students.map((student, s) => {
    const cells = book.tasks.map((_, t) => book.cells[t * height + s]!);
    return {
      id: student.id,
      name: student.name,
      cells,
      points: cells.reduce((sum, c) => sum + c.points, 0),
      solved: cells.filter((c) => c.state === 'correct').length,
    };
  });
  return sort === 'points' ? rows.map((row, i) => ({ row, i })).sort((a, b) => b.row.points - a.row.points || a.i - b.i).map(({ row }) => row) : rows;
}

/** Per task: the share of the group's students judged correct (0–100, whole percent). */
export function successRates(book: Gradebook): number[] {
  const height = book.students.length;
  const correct = new Array<number>(book.tasks.length).fill(0);
  book.cells.forEach((cell, i) => {
    if (cell.state === 'correct') correct[Math.floor(i / height)]! += 1;
  });
  return correct.map((n) => (book.students.length === 0 ? 0 : Math.round((100 * n) / book.students.length)));
}
