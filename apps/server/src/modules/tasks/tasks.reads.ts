import type { Kysely } from 'kysely';
import type { AuthenticatedUser, StudentTask } from '@mathclub/shared';
import { KeptReads } from '../../db/kept-reads.js';
import type { DB } from '../../db/schema.js';
import { taskScope } from '../access/access.policy.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import type { TasksService } from './tasks.service.js';

/**
 * The arena's task list, read by every student of a class on every visit (a third of a school's
 * requests) and changed only when a teacher posts, edits or schedules a task: kept per group set
 * until the groups' tasks or the roster (names) change, or the next scheduled task opens, and
 * while its image links are signed for the same expiry (bench/README.md, "What the caches buy").
 */
export class TaskReads {
  private readonly studentLists: KeptReads<StudentTask[]>;

  constructor(
    db: Kysely<DB>,
    private readonly service: TasksService,
  ) {
    this.studentLists = new KeptReads(db);
  }

  /** What the arena shows `actor` (TasksService.listVisible). */
  async forStudent(actor: AuthenticatedUser): Promise<StudentTask[]> {
    const groupIds = taskScope(actor).groupIds;
    return this.studentLists.get(`${groupIds.join(',')}:${ImageUrlSigner.expiry()}`, [['r', 0], ...groupIds.map((id) => ['k', id] as const)], async () => {
      const now = Date.now();
      const { tasks, nextOpening } = await this.service.listVisible(actor, now);
      return { value: tasks, until: nextOpening };
    });
  }
}
