import { nowIso } from '../../db/database.js';
/** Live tasks joined with their group and author (inner join on the group: deleted groups have no live tasks). */
const liveTasks = (db) => db
    .selectFrom('tasks')
    .innerJoin('groups', 'groups.id', 'tasks.group_id')
    .innerJoin('users as author', 'author.id', 'tasks.author_id')
    .where('tasks.deleted_at', 'is', null)
    .select([
    'tasks.id as id',
    'tasks.title as title',
    'tasks.text as text',
    'tasks.level as level',
    'tasks.points as points',
    'groups.id as groupId',
    'groups.name as groupName',
    'author.id as authorId',
    'author.name as authorName',
    'tasks.image_key as imageKey',
    'tasks.created_at as createdAt',
    'tasks.answer_kind as answerKind',
    'tasks.answer_key as answerKey',
    'tasks.tolerance as tolerance',
    'tasks.check_mode as checkMode',
    'tasks.opens_at as opensAt',
    'tasks.closes_at as closesAt',
]);
/** Live tasks of these groups, newest first, in one query over tasks_group_idx. */
export async function listLiveTasks(db, groupIds) {
    if (groupIds.length === 0)
        return [];
    return liveTasks(db)
        .where('tasks.group_id', 'in', groupIds)
        .orderBy('tasks.created_at', 'desc')
        .orderBy('tasks.id', 'desc')
        .execute();
}
export async function findLiveTask(db, id) {
    return liveTasks(db).where('tasks.id', '=', id).executeTakeFirst();
}
export async function groupExists(db, id) {
    return (await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
/** Inserts a task; an unknown group surfaces as the engine's foreign-key violation. */
export async function insertTask(db, task) {
    const row = await db
        .insertInto('tasks')
        .values({
        title: task.title,
        text: task.text,
        level: task.level,
        points: task.points,
        group_id: task.groupId,
        author_id: task.authorId,
        image_key: task.imageKey,
        answer_kind: task.answerKind,
        answer_key: task.answerKey,
        tolerance: task.tolerance,
        check_mode: task.checkMode,
        opens_at: task.opensAt ?? null,
        closes_at: task.closesAt ?? null,
        created_at: nowIso(),
        deleted_at: null,
    })
        .returning('id')
        .executeTakeFirstOrThrow();
    return row.id;
}
/** The group of a live task: undefined when the task is unknown or deleted. */
export async function liveTaskGroup(db, id) {
    const row = await db.selectFrom('tasks').select('group_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row?.group_id ?? undefined;
}
/**
 * Marks a live task of one of these groups deleted; false when there is none (already deleted,
 * unknown, or another group's). One statement, so two concurrent deletes cannot both succeed.
 */
export async function softDeleteTask(db, id, groupIds) {
    if (groupIds.length === 0)
        return false;
    const result = await db
        .updateTable('tasks')
        .set({ deleted_at: nowIso() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('group_id', 'in', groupIds)
        .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
/**
 * Replaces the answer key of a live task of this group; false when there is none (deleted or
 * moved meanwhile). Solutions already judged keep their verdicts: a new key is not retroactive.
 */
export async function updateAnswerKey(db, id, groupId, key) {
    const result = await db
        .updateTable('tasks')
        .set({ answer_kind: key.answerKind, answer_key: key.answerKey, tolerance: key.tolerance, check_mode: key.checkMode })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('group_id', '=', groupId)
        .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
/**
 * Applies a teacher's edit to a live task still in `groupId`; false when there is none (deleted
 * or moved meanwhile). A move to another group happens only while the task has no solutions, in
 * the same statement, so a solution sent meanwhile cannot end up in a group it was never in.
 */
export async function updateTask(db, id, groupId, changes) {
    let query = db.updateTable('tasks').set(changes).where('id', '=', id).where('deleted_at', 'is', null).where('group_id', '=', groupId);
    if (changes.group_id !== undefined && changes.group_id !== groupId) {
        query = query.where(({ not, exists, selectFrom }) => not(exists(selectFrom('solutions').select('solutions.id').whereRef('solutions.task_id', '=', 'tasks.id'))));
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
/** True when any solution (of any verdict) was sent to the task. */
export async function hasSolutions(db, taskId) {
    return (await db.selectFrom('solutions').select('id').where('task_id', '=', taskId).limit(1).executeTakeFirst()) !== undefined;
}
/** The counts of every live task of these groups by task id, in one grouped query (a task nobody answered counts zeros). */
export async function taskCounts(db, groupIds) {
    if (groupIds.length === 0)
        return new Map();
    const rows = await db
        .selectFrom('solutions')
        .innerJoin('tasks', 'tasks.id', 'solutions.task_id')
        .where('tasks.group_id', 'in', [...groupIds])
        .where('tasks.deleted_at', 'is', null)
        .groupBy('solutions.task_id')
        .select((eb) => [
        'solutions.task_id as taskId',
        eb.fn.count('solutions.author_id').distinct().as('answered'),
        eb.fn
            .count(eb.case().when(eb.and([eb('solutions.reviewed', '=', 1), eb('solutions.correct', '=', 1)])).then(eb.ref('solutions.author_id')).end())
            .distinct()
            .as('correct'),
        eb.fn.count(eb.case().when('solutions.reviewed', '=', 0).then(eb.ref('solutions.id')).end()).as('waiting'),
    ])
        .execute();
    return new Map(rows.map((r) => [Number(r.taskId), { answered: Number(r.answered), correct: Number(r.correct), waiting: Number(r.waiting) }]));
}
//# sourceMappingURL=tasks.repository.js.map