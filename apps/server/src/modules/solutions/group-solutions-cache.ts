import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { taskSolutionVersions } from '../tasks/tasks.repository.js';
import { listSolutions, type SolutionFilter, type SolutionRow } from './solutions.repository.js';

interface CachedList {
  /** The token of the roster and the groups' tasks the rows were read under (names, titles, which tasks are live). */
  base: string;
  byTask: Map<number, { version: string; rows: SolutionRow[] }>;
  /** Rows held, for the bound. */
  size: number;
}

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
 * the least recently read lists go first.
 */
export class GroupSolutionsCache {
  private readonly lists = new Map<string, CachedList>();

  private rowsHeld = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxRows = 20_000,
  ) {}

  async rows(filter: SolutionFilter & { groupIds: number[] }, base: string): Promise<SolutionRow[]> {
    const key = JSON.stringify(filter);
    let list = this.lists.get(key);
    if (list) this.forget(key, list);
    if (list?.base !== base) list = { base, byTask: new Map(), size: 0 };
    const versions = await taskSolutionVersions(this.db, filter.groupIds);
    const wanted = filter.taskId === undefined ? [...versions.keys()] : versions.has(filter.taskId) ? [filter.taskId] : [];
    const stale = wanted.filter((id) => list.byTask.get(id)?.version !== versions.get(id));
    if (stale.length > 0) {
      const rows = await listSolutions(this.db, stale.length === wanted.length ? filter : { ...filter, taskIds: stale });
      const byTask = new Map<number, SolutionRow[]>(stale.map((id) => [id, []]));
      for (const row of rows) byTask.get(Number(row.taskId))?.push(row);
      for (const id of stale) list.byTask.set(id, { version: versions.get(id)!, rows: byTask.get(id)! });
    }
    // Tasks deleted since are absent from `versions` (and moved `base` anyway).
    for (const id of list.byTask.keys()) if (!versions.has(id)) list.byTask.delete(id);
    const rows = wanted.flatMap((id) => list.byTask.get(id)!.rows).sort(byListOrder);
    this.remember(key, list);
    return rows;
  }

  /** Files the list as the most recently read, then lets the oldest go while over the bound. */
  private remember(key: string, list: CachedList): void {
    list.size = 0;
    for (const { rows } of list.byTask.values()) list.size += rows.length;
    // A concurrent read of the same list may have filed its own meanwhile: this one replaces it.
    const filed = this.lists.get(key);
    if (filed) this.forget(key, filed);
    this.lists.set(key, list);
    this.rowsHeld += list.size;
    for (const [oldKey, old] of this.lists) {
      if (this.rowsHeld <= this.maxRows || old === list) break;
      this.forget(oldKey, old);
    }
  }

  private forget(key: string, list: CachedList): void {
    if (this.lists.get(key) !== list) return;
    this.lists.delete(key);
    this.rowsHeld -= list.size;
  }
}

/** The list's order, as the query's ORDER BY: waiting first, then oldest, then id. */
function byListOrder(a: SolutionRow, b: SolutionRow): number {
  return Number(a.reviewed) - Number(b.reviewed) || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) || Number(a.id) - Number(b.id);
}
