import type { Kysely } from 'kysely';
import { HIDDEN_CHARACTERS, TEACHING_ROLES, type Group, type GroupSummary } from '@mathclub/shared';
import { nowIso, toCount } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

const HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'gu');

/**
 * The key group names are unique by (PRODUCT.md §16): NFKC (full-width and compatibility forms
 * become plain letters), invisible characters dropped, runs of white space made one space, trimmed,
 * case folded (upper then lower case, so ß and SS meet too). "G1", "g1", "Ｇ１" and "G\u200b1"
 * share one key. Migration 2026112303 holds a frozen copy.
 */
export const groupNameKey = (name: string) =>
  name.normalize('NFKC').replace(HIDDEN, '').replace(/\s+/gu, ' ').trim().toUpperCase().toLowerCase().normalize('NFKC');

/** Every group with its member and live-task counts, in one query (correlated counts use the indexes). */
export async function listGroupSummaries(db: Kysely<DB>, onlyId?: number): Promise<GroupSummary[]> {
  let query = db
    .selectFrom('groups')
    .select((eb) => [
      'groups.id',
      'groups.name',
      eb
        .selectFrom('user_groups')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .whereRef('user_groups.group_id', '=', 'groups.id')
        .where('users.role', '=', 'student')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .as('studentCount'),
      eb
        .selectFrom('user_groups')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .whereRef('user_groups.group_id', '=', 'groups.id')
        .where('users.role', 'in', [...TEACHING_ROLES])
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .as('teacherCount'),
      eb
        .selectFrom('tasks')
        .whereRef('tasks.group_id', '=', 'groups.id')
        .where('tasks.deleted_at', 'is', null)
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .as('taskCount'),
    ]);
  if (onlyId !== undefined) query = query.where('groups.id', '=', onlyId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    studentCount: toCount(r.studentCount),
    teacherCount: toCount(r.teacherCount),
    taskCount: toCount(r.taskCount),
  }));
}

export async function findGroup(db: Kysely<DB>, id: number): Promise<Group | undefined> {
  return db.selectFrom('groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Which of `ids` exist. */
export async function existingGroupIds(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('groups').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Inserts a group; a taken name surfaces as the engine's unique violation. */
export async function insertGroup(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({ name: name.trim(), name_key: groupNameKey(name), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameGroup(db: Kysely<DB>, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('groups')
    .set({ name: name.trim(), name_key: groupNameKey(name) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addMember(db: Kysely<DB>, userId: number, groupId: number): Promise<void> {
  await db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();
}

/** What keeps a group from being deleted: its students and its live tasks. */
export async function groupUsage(db: Kysely<DB>, id: number): Promise<{ students: number; tasks: number }> {
  const [summary] = await listGroupSummaries(db, id);
  return { students: summary?.studentCount ?? 0, tasks: summary?.taskCount ?? 0 };
}

/** Deletes the group; memberships go with it, soft-deleted tasks keep a null group. */
export async function deleteGroup(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
