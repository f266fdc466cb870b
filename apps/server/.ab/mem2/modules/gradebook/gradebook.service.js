import { GRADEBOOK_WEEKS } from '@mathclub/shared';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import { periodStart } from '../leaderboard/period-start.js';
import * as repo from './gradebook.repository.js';
const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** The class at a glance (PRODUCT.md §11): every student × task of a group, for its teachers. */
export class GradebookService {
    db;
    timeZone;
    now;
    constructor(db, timeZone, now = () => new Date()) {
        this.db = db;
        this.timeZone = timeZone;
        this.now = now;
    }
    /** Teachers of the group only: a student or another group's teacher gets 403, an unknown group 404. */
    async authorize(actor, groupId) {
        if (can(actor, 'gradebook.read', { groupId }))
            return;
        // Only a teacher learns whether the group exists; a student is refused either way.
        if (actor.role !== 'student' && !(await repo.groupExists(this.db, groupId)))
            throw notFound();
        throw forbidden();
    }
    /** The matrix's rows and columns: students by name (as a Ukrainian reader sorts them), live tasks oldest first. */
    async layout(groupId) {
        const [students, tasks] = await Promise.all([repo.groupStudents(this.db, groupId), repo.groupTasks(this.db, groupId)]);
        students.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
        return { students, tasks: tasks.map(({ id, title, points }) => ({ id, title, points })) };
    }
    /** The matrix for a teacher of the group (authorize's refusals otherwise). */
    async matrixFor(actor, groupId) {
        await this.authorize(actor, groupId);
        return this.matrix(groupId);
    }
    /**
     * The whole matrix (§11): every student × live task, task by task in the layout's order. Three
     * queries whatever the size of the group; the pairs nobody answered are filled in here.
     */
    async matrix(groupId) {
        const layout = await this.layout(groupId);
        const answered = new Map();
        if (layout.tasks.length > 0 && layout.students.length > 0) {
            for (const row of await repo.answeredCells(this.db, groupId))
                answered.set(`${row.taskId}:${row.studentId}`, row);
        }
        const cells = [];
        for (const task of layout.tasks) {
            for (const student of layout.students) {
                const row = answered.get(`${task.id}:${student.id}`);
                cells.push({
                    studentId: student.id,
                    taskId: task.id,
                    state: !row ? 'none' : row.solved ? 'correct' : row.waiting ? 'waiting' : 'incorrect',
                    attempts: row?.attempts ?? 0,
                    points: row?.solved ? row.earned : 0,
                });
            }
        }
        return { ...layout, cells };
    }
    /** Solutions per week for the chart: the last GRADEBOOK_WEEKS weeks (Monday to Sunday in the school's zone), oldest first, empty weeks included. */
    async weeks(groupId) {
        const starts = [periodStart('week', this.now(), this.timeZone)];
        for (let k = 1; k < GRADEBOOK_WEEKS; k++) {
            // Noon of a day in the week before: a DST change moves midnight, never into another week.
            starts.unshift(periodStart('week', new Date(Date.parse(starts[0]) - WEEK_MS + 12 * 3600 * 1000), this.timeZone));
        }
        const counts = new Map(starts.map((start) => [start, 0]));
        for (const { hour, count } of await repo.solutionsPerHour(this.db, groupId, starts[0])) {
            const start = periodStart('week', new Date(`${hour}:00:00.000Z`), this.timeZone);
            counts.set(start, (counts.get(start) ?? 0) + count);
        }
        return starts.map((weekStart) => ({ weekStart, solutions: counts.get(weekStart) ?? 0 }));
    }
}
//# sourceMappingURL=gradebook.service.js.map