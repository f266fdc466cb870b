import type { Kysely } from 'kysely';
import { GRADEBOOK_WEEKS, type AuthenticatedUser, type Gradebook, type GradebookCell, type GradebookWeek } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import { periodStart } from '../leaderboard/period-start.js';
import * as repo from './gradebook.repository.js';

const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The class at a glance (PRODUCT.md §11): every student × task of a group, for its teachers. */
export class GradebookService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Teachers of the group only: a student or another group's teacher gets 403, an unknown group 404. */
  async authorize(actor: AuthenticatedUser, groupId: number): Promise<void> {
    if (can(actor, 'gradebook.read', { groupId })) return;
    // Only a teacher learns whether the group exists; a student is refused either way.
    if (actor.role !== 'student' && !(await repo.groupExists(this.db, groupId))) throw notFound();
    throw forbidden();
  }

  /**
   * The whole matrix: students by name (as a Ukrainian reader sorts them), tasks oldest first, and
   * one cell per pair in that order. Three queries whatever the size of the group; the pairs
   * nobody answered are filled in here.
   */
  async matrix(groupId: number): Promise<Gradebook> {
    const [students, tasks, answered] = await Promise.all([repo.groupStudents(this.db, groupId), repo.groupTasks(this.db, groupId), repo.answeredCells(this.db, groupId)]);
    students.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    const taskIndex = new Map(tasks.map((task, i) => [task.id, i]));
    const studentIndex = new Map(students.map((student, i) => [student.id, i]));
    const cells: GradebookCell[] = new Array(students.length * tasks.length);
    const filled = new Array<repo.AnsweredCellRow | undefined>(cells.length);
    for (const row of answered) {
      const s = studentIndex.get(row.studentId);
      const t = taskIndex.get(row.taskId);
      if (s !== undefined && t !== undefined) filled[s * tasks.length + t] = row;
    }
    for (let s = 0; s < students.length; s++) {
      for (let t = 0; t < tasks.length; t++) {
        const i = s * tasks.length + t;
        const row = filled[i];
        cells[i] = {
          studentId: students[s]!.id,
          taskId: tasks[t]!.id,
          state: !row ? 'none' : row.solved ? 'correct' : row.waiting ? 'waiting' : 'incorrect',
          attempts: row?.attempts ?? 0,
          points: row?.solved ? row.earned : 0,
        };
      }
    }
    return { students, tasks: tasks.map(({ id, title, points }) => ({ id, title, points })), cells };
  }

  /** Solutions per week for the chart: the last GRADEBOOK_WEEKS weeks (Monday to Sunday in the school's zone), oldest first, empty weeks included. */
  async weeks(groupId: number): Promise<GradebookWeek[]> {
    const starts: string[] = [periodStart('week', this.now(), this.timeZone)!];
    for (let k = 1; k < GRADEBOOK_WEEKS; k++) {
      // Noon of a day in the week before: a DST change moves midnight, never into another week.
      starts.unshift(periodStart('week', new Date(Date.parse(starts[0]!) - WEEK_MS + 12 * 3600 * 1000), this.timeZone)!);
    }
    const counts = new Map(starts.map((start) => [start, 0]));
    for (const { hour, count } of await repo.solutionsPerHour(this.db, groupId, starts[0]!)) {
      const start = periodStart('week', new Date(`${hour}:00:00.000Z`), this.timeZone)!;
      counts.set(start, (counts.get(start) ?? 0) + count);
    }
    return starts.map((weekStart) => ({ weekStart, solutions: counts.get(weekStart) ?? 0 }));
  }
}
