import type { Kysely } from 'kysely';
import { GRADEBOOK_WEEKS, type AuthenticatedUser, type Gradebook, type GradebookCell, type GradebookWeek } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import { periodStart } from '../leaderboard/period-start.js';
import * as repo from './gradebook.repository.js';

/** The rows and columns of a group's gradebook. */
export type GradebookLayout = Pick<Gradebook, 'students' | 'tasks'>;

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

  /** The matrix's rows and columns: students by name (as a Ukrainian reader sorts them), live tasks oldest first. */
  async layout(groupId: number): Promise<GradebookLayout> {
    const [students, tasks] = await Promise.all([repo.groupStudents(this.db, groupId), repo.groupTasks(this.db, groupId)]);
    students.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
    return { students, tasks: tasks.map(({ id, title, points }) => ({ id, title, points })) };
  }

  /**
   * The columns of `tasks` (all of the layout's when omitted): per task, one cell per student in
   * the layout's order. One query whatever their number; the pairs nobody answered are filled in here.
   */
  async columns(groupId: number, layout: GradebookLayout, tasks?: readonly number[]): Promise<Map<number, GradebookCell[]>> {
    const wanted = tasks ?? layout.tasks.map((t) => t.id);
    const columns = new Map<number, (repo.AnsweredCellRow | undefined)[]>(wanted.map((id) => [id, new Array(layout.students.length)]));
    if (wanted.length > 0 && layout.students.length > 0) {
      const studentIndex = new Map(layout.students.map((student, i) => [student.id, i]));
      for (const row of await repo.answeredCells(this.db, groupId, tasks)) {
        const s = studentIndex.get(row.studentId);
        const column = columns.get(row.taskId);
        if (s !== undefined && column) column[s] = row;
      }
    }
    const out = new Map<number, GradebookCell[]>();
    for (const [taskId, rows] of columns) {
      out.set(
        taskId,
        layout.students.map((student, s) => {
          const row = rows[s];
          return {
            studentId: student.id,
            taskId,
            state: !row ? 'none' : row.solved ? 'correct' : row.waiting ? 'waiting' : 'incorrect',
            attempts: row?.attempts ?? 0,
            points: row?.solved ? row.earned : 0,
          };
        }),
      );
    }
    return out;
  }

  /** The whole matrix at once (§11): the layout, then every task's column in turn. Three queries whatever the size of the group. */
  async matrix(groupId: number): Promise<Gradebook> {
    const layout = await this.layout(groupId);
    const columns = await this.columns(groupId, layout);
    return { ...layout, cells: layout.tasks.flatMap((task) => columns.get(task.id)!) };
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
