import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { taskSolutionVersions } from '../tasks/tasks.repository.js';
import { groupContributions, groupMembers, totalsOf, type Contribution, type Member, type MemberTotals } from './leaderboard.repository.js';

interface CachedGroup {
  /** The token of the roster and the group's tasks the members and contributions were read under. */
  base: string;
  members: Member[];
  byTask: Map<number, { version: string; contributions: Contribution[] }>;
  /** Contributions held, for the bound. */
  size: number;
}

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
 * the least recently read groups go first.
 */
export class LeaderboardCache {
  private readonly groups = new Map<number, CachedGroup>();
  private held = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxContributions = 200_000,
  ) {}

  async totals(groupId: number, starts: { month: string; week: string }, base: string): Promise<MemberTotals[]> {
    let group = this.groups.get(groupId);
    if (group) this.forget(groupId, group);
    if (group?.base !== base) group = { base, members: await groupMembers(this.db, groupId), byTask: new Map(), size: 0 };
    const versions = await taskSolutionVersions(this.db, [groupId]);
    const stale = [...versions.keys()].filter((id) => group.byTask.get(id)?.version !== versions.get(id));
    if (stale.length > 0) {
      const read = await groupContributions(this.db, groupId, stale.length === versions.size ? undefined : stale);
      const byTask = new Map<number, Contribution[]>(stale.map((id) => [id, []]));
      for (const c of read) byTask.get(c.taskId)?.push(c);
      for (const id of stale) group.byTask.set(id, { version: versions.get(id)!, contributions: byTask.get(id)! });
    }
    for (const id of group.byTask.keys()) if (!versions.has(id)) group.byTask.delete(id);
    const totals = totalsOf(group.members, [...versions.keys()].flatMap((id) => group.byTask.get(id)!.contributions), starts);
    this.remember(groupId, group);
    return totals;
  }

  /** Files the group as the most recently read, then lets the oldest go while over the bound. */
  private remember(groupId: number, group: CachedGroup): void {
    group.size = 0;
    for (const { contributions } of group.byTask.values()) group.size += contributions.length;
    // A concurrent read of the same group may have filed its own meanwhile: this one replaces it.
    const filed = this.groups.get(groupId);
    if (filed) this.forget(groupId, filed);
    this.groups.set(groupId, group);
    this.held += group.size;
    for (const [oldId, old] of this.groups) {
      if (this.held <= this.maxContributions || old === group) break;
      this.forget(oldId, old);
    }
  }

  private forget(groupId: number, group: CachedGroup): void {
    if (this.groups.get(groupId) !== group) return;
    this.groups.delete(groupId);
    this.held -= group.size;
  }
}
