import type { Kysely } from 'kysely';
import { PerTaskCache } from '../../db/per-task-cache.js';
import type { DB } from '../../db/schema.js';
import { liveTaskVersions } from '../tasks/task-versions.js';
import { listSolutions, type SolutionFilter, type SolutionRow } from './solutions.repository.js';

/**
 * A teacher's list of their groups' solutions (the review list) patched by task. The list follows
 * every answer in the group, and a teacher keeps it open while the class answers: reading a
 * group's few hundred waiting answers again cost 3.1 ms a time (the mixed run read it 629 times,
 * the largest of SQLite's costs). An answer or a verdict changes one task's rows, and each task's
 * change counter (kind 't', moved by triggers with every write to its solutions, on every
 * instance) says which: the rows are kept per task, only tasks whose counter moved are read again,
 * and the list is their merge in the query's order (waiting first, then oldest, then id).
 * Counters are read before rows, so rows are never filed under a newer counter than their data.
 * A change to the roster or to the groups' tasks (a name, a title, a task deleted) moves `base`
 * and the list is read whole. Bounded by the rows held (a row is ~1 KB of heap with its answer):
 * the least recently read lists go first (`db/per-task-cache.ts`).
 */
export class GroupSolutionsCache {
  private readonly lists: PerTaskCache<string, SolutionRow>;

  constructor(
    private readonly db: Kysely<DB>,
    maxRows = 20_000,
  ) {
    this.lists = new PerTaskCache(maxRows);
  }

  async rows(filter: SolutionFilter & { groupIds: number[] }, base: string): Promise<SolutionRow[]> {
    const { items } = await this.lists.get(JSON.stringify(filter), base, {
      extra: async () => undefined,
      versions: () => liveTaskVersions(this.db, filter.groupIds),
      wanted: (versions) => (filter.taskId === undefined ? [...versions.keys()] : versions.has(filter.taskId) ? [filter.taskId] : []),
      read: (stale, all) => listSolutions(this.db, all ? filter : { ...filter, taskIds: stale }),
      taskOf: (row) => Number(row.taskId),
    });
    return items.sort(byListOrder);
  }
}

/** The list's order, as the query's ORDER BY: waiting first, then oldest, then id. */
function byListOrder(a: SolutionRow, b: SolutionRow): number {
  return Number(a.reviewed) - Number(b.reviewed) || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) || Number(a.id) - Number(b.id);
}
