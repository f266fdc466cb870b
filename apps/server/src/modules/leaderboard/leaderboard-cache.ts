import type { Kysely } from 'kysely';
import { PerTaskCache } from '../../db/per-task-cache.js';
import type { DB } from '../../db/schema.js';
import { liveTaskVersions } from '../tasks/task-versions.js';
import { groupContributions, groupMembers, totalsOf, type Contribution, type Member, type MemberTotals } from './leaderboard.repository.js';

/**
 * A group's boards patched by task. Each correct verdict moves the group's points, and the board
 * was computed again from every correct solution of the group (3.6 ms, 375 times in the mixed
 * run: SQLite's second largest cost). What a solution earns depends on its own task alone (its
 * points, the student's earlier attempts at it, its place among the task's solvers), so the
 * contributions are kept per task under the task's change counter (kind 't', moved by triggers
 * with every write to its solutions, on every instance); a read asks for the counters of the
 * group's tasks (one indexed query), reads again only the tasks whose counter moved, and sums.
 * Counters are read before contributions, so nothing is filed under a newer counter than its data.
 * A change to the roster or the group's tasks (a member, a name, a task's points, a task deleted)
 * moves `base` and the group is read whole. Bounded by the contributions held (~100 bytes each):
 * the least recently read groups go first (`db/per-task-cache.ts`).
 */
export class LeaderboardCache {
  private readonly groups: PerTaskCache<number, Contribution, Member[]>;

  constructor(
    private readonly db: Kysely<DB>,
    maxContributions = 200_000,
  ) {
    this.groups = new PerTaskCache(maxContributions);
  }

  async totals(groupId: number, starts: { month: string; week: string }, base: string): Promise<MemberTotals[]> {
    const { extra: members, items } = await this.groups.get(groupId, base, {
      extra: () => groupMembers(this.db, groupId),
      versions: () => liveTaskVersions(this.db, [groupId]),
      wanted: (versions) => [...versions.keys()],
      read: (stale, all) => groupContributions(this.db, groupId, all ? undefined : stale),
      taskOf: (contribution) => contribution.taskId,
    });
    return totalsOf(members, items, starts);
  }
}
