import { KeptReads } from '../../db/kept-reads.js';
import { taskScope } from '../access/access.policy.js';
import { ImageUrlSigner } from '../files/signed-url.js';
/**
 * The task lists. The arena's, read by every student of a class on every visit (a third of a
 * school's requests), changes only when a teacher posts, edits or schedules a task: kept per group
 * set until the groups' tasks or the roster (names) change, or the next scheduled task opens. The
 * teachers' list counts the answers too, so it is kept until any answer or verdict of their
 * groups. Both only while their image links are signed for the same expiry (bench/README.md).
 */
export class TaskReads {
    service;
    studentLists;
    teacherLists;
    constructor(db, service) {
        this.service = service;
        this.studentLists = new KeptReads(db);
        this.teacherLists = new KeptReads(db);
    }
    /** A teacher's list with its keys and counts (TasksService.listForTeacher). */
    async forTeacher(actor) {
        const groupIds = taskScope(actor).groupIds;
        const counters = [['r', 0], ...groupIds.flatMap((id) => [['k', id], ['g', id]])];
        return this.teacherLists.get(`${groupIds.join(',')}:${ImageUrlSigner.expiry()}`, counters, async () => ({ value: await this.service.listForTeacher(actor) }), actor);
    }
    /** What the arena shows `actor` (TasksService.listVisible). */
    async forStudent(actor) {
        const groupIds = taskScope(actor).groupIds;
        return this.studentLists.get(`${groupIds.join(',')}:${ImageUrlSigner.expiry()}`, [['r', 0], ...groupIds.map((id) => ['k', id])], async () => {
            const now = Date.now();
            const { tasks, nextOpening } = await this.service.listVisible(actor, now);
            return { value: tasks, until: nextOpening };
        }, actor);
    }
}
//# sourceMappingURL=tasks.reads.js.map