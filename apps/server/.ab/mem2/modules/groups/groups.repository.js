import { HIDDEN_CHARACTERS, TEACHING_ROLES } from '@mathclub/shared';
import { fromDbBool, nowIso, toCount, toDbBool } from '../../db/database.js';
const HIDDEN = new RegExp(HIDDEN_CHARACTERS.source, 'gu');
/**
 * The key group names are unique by (PRODUCT.md §16): NFKC (full-width and compatibility forms
 * become plain letters), invisible characters dropped, runs of white space made one space, trimmed,
 * case folded (upper then lower case, so ß and SS meet too). "G1", "g1", "Ｇ１" and "G\u200b1"
 * share one key. Migration 2026112303 holds a frozen copy.
 */
export const groupNameKey = (name) => name.normalize('NFKC').replace(HIDDEN, '').replace(/\s+/gu, ' ').trim().toUpperCase().toLowerCase().normalize('NFKC');
/** Every group with its member and live-task counts, in one query (correlated counts use the indexes). */
export async function listGroupSummaries(db, onlyId) {
    let query = db
        .selectFrom('groups')
        .select((eb) => [
        'groups.id',
        'groups.name',
        'groups.closed',
        eb
            .selectFrom('user_groups')
            .innerJoin('users', 'users.id', 'user_groups.user_id')
            .whereRef('user_groups.group_id', '=', 'groups.id')
            .where('users.role', '=', 'student')
            .select((e) => e.fn.countAll().as('n'))
            .as('studentCount'),
        eb
            .selectFrom('user_groups')
            .innerJoin('users', 'users.id', 'user_groups.user_id')
            .whereRef('user_groups.group_id', '=', 'groups.id')
            .where('users.role', 'in', [...TEACHING_ROLES])
            .select((e) => e.fn.countAll().as('n'))
            .as('teacherCount'),
        eb
            .selectFrom('tasks')
            .whereRef('tasks.group_id', '=', 'groups.id')
            .where('tasks.deleted_at', 'is', null)
            .select((e) => e.fn.countAll().as('n'))
            .as('taskCount'),
    ]);
    if (onlyId !== undefined)
        query = query.where('groups.id', '=', onlyId);
    const rows = await query.execute();
    return rows.map((r) => ({
        id: r.id,
        name: r.name,
        studentCount: toCount(r.studentCount),
        teacherCount: toCount(r.teacherCount),
        taskCount: toCount(r.taskCount),
        closed: fromDbBool(r.closed),
    }));
}
export async function findGroup(db, id) {
    return db.selectFrom('groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
/** Which of `ids` exist. */
export async function existingGroupIds(db, ids) {
    if (ids.length === 0)
        return new Set();
    const rows = await db.selectFrom('groups').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
}
/** Inserts a group; a taken name surfaces as the engine's unique violation. */
export async function insertGroup(db, name) {
    const row = await db
        .insertInto('groups')
        .values({ name: name.trim(), name_key: groupNameKey(name), created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
    return row.id;
}
export async function renameGroup(db, id, name) {
    const result = await db
        .updateTable('groups')
        .set({ name: name.trim(), name_key: groupNameKey(name) })
        .where('id', '=', id)
        .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
export async function addMember(db, userId, groupId) {
    await db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();
}
/** What keeps a group from being deleted: its students and its live tasks. */
export async function groupUsage(db, id) {
    const [summary] = await listGroupSummaries(db, id);
    return { students: summary?.studentCount ?? 0, tasks: summary?.taskCount ?? 0 };
}
/** Deletes the group; memberships go with it, soft-deleted tasks keep a null group. */
export async function deleteGroup(db, id) {
    const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
}
export async function findGroupIntake(db, id) {
    const row = await db
        .selectFrom('groups')
        .select(['id', 'closed', 'activate_on_join', 'leaderboard_short_names', 'join_code_nonce'])
        .where('id', '=', id)
        .executeTakeFirst();
    return row && toIntake(row);
}
/** The group whose live code has this lookup hash. */
export async function findGroupByJoinHash(db, hash) {
    const row = await db
        .selectFrom('groups')
        .select(['id', 'closed', 'activate_on_join', 'leaderboard_short_names', 'join_code_nonce'])
        .where('join_code_hash', '=', hash)
        .executeTakeFirst();
    return row && toIntake(row);
}
const toIntake = (row) => ({
    id: row.id,
    closed: fromDbBool(row.closed),
    activateOnJoin: fromDbBool(row.activate_on_join),
    leaderboardShortNames: fromDbBool(row.leaderboard_short_names),
    joinCodeNonce: row.join_code_nonce,
});
/** Replaces the group's code (nonce and lookup hash together); a hash another group holds surfaces as a unique violation. */
export async function setJoinCode(db, id, nonce, hash) {
    const result = await db.updateTable('groups').set({ join_code_nonce: nonce, join_code_hash: hash }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
export async function updateGroupSettings(db, id, patch) {
    const values = {};
    if (patch.closed !== undefined)
        values.closed = toDbBool(patch.closed);
    if (patch.activateOnJoin !== undefined)
        values.activate_on_join = toDbBool(patch.activateOnJoin);
    if (patch.leaderboardShortNames !== undefined)
        values.leaderboard_short_names = toDbBool(patch.leaderboardShortNames);
    // Nothing to change still tells whether the group exists.
    if (Object.keys(values).length === 0)
        return (await findGroup(db, id)) !== undefined;
    const result = await db.updateTable('groups').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
/** Ids of the closed groups among `ids`. */
export async function closedGroupIds(db, ids) {
    if (ids.length === 0)
        return new Set();
    const rows = await db.selectFrom('groups').select('id').where('id', 'in', ids).where('closed', '=', 1).execute();
    return new Set(rows.map((r) => r.id));
}
//# sourceMappingURL=groups.repository.js.map