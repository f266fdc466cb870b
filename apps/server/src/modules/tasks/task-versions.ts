import type { Kysely } from 'kysely';
import { counterViewOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { liveTaskIds, taskSolutionVersions } from './tasks.repository.js';

/** Groups whose live tasks are kept per database; past this many, they start over. */
const KEPT_GROUPS = 10_000;

interface KeptTasks {
  /** The group's tasks' counter ('k') the ids were read under. */
  version: string;
  ids: number[];
}

const keptByDb = new WeakMap<Kysely<DB>, Map<number, KeptTasks>>();

/**
 * The change counter of each live task of these groups (kind 't', moved with every write to the
 * task's solutions): which tasks' cached counts, lists, boards or gradebook columns a write made
 * stale. Every cache patched by task asks it before its items, so it runs on every read that
 * follows an answer in the group.
 *
 * While this instance counts its counters itself (alone on PostgreSQL, db/pg-told-moves.ts) the
 * versions are the counted ones, and the groups' live tasks are kept per group under its tasks'
 * counter ('k': any task of the group created, edited, moved or deleted), so no query runs until
 * a task of the group changes. Before, each such read was a query: in the mixed run on PostgreSQL
 * 3,031 of them, 0.26 ms each, 17.5 % of PostgreSQL's execution time once the account check's
 * counters were counted. Otherwise (SQLite, several instances) one indexed query, as before.
 */
export async function liveTaskVersions(db: Kysely<DB>, groupIds: readonly number[]): Promise<Map<number, string>> {
  const counted = counterViewOf(db);
  const view = counted?.();
  if (!view) return taskSolutionVersions(db, groupIds);
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  // Each group's counter before its ids, so no ids are kept under a newer counter than they are.
  const versions = new Map(groupIds.map((id) => [id, view('k', id)]));
  const stale = groupIds.filter((id) => kept.get(id)?.version !== versions.get(id));
  if (stale.length > 0) {
    const read = await liveTaskIds(db, stale);
    if (kept.size + stale.length > KEPT_GROUPS) kept.clear();
    for (const id of stale) kept.set(id, { version: versions.get(id)!, ids: read.get(id) ?? [] });
  }
  // After the read the instance may no longer be alone: its counts then say nothing.
  const now = stale.length > 0 ? counted?.() : view;
  if (!now) return taskSolutionVersions(db, groupIds);
  const out = new Map<number, string>();
  for (const groupId of new Set(groupIds)) for (const taskId of kept.get(groupId)?.ids ?? []) out.set(taskId, now('t', taskId));
  return out;
}
