import { sql } from 'kysely';
import { nowIso, toDbBool } from '../../db/database.js';
import { insertRowWithEvent } from '../live/live.repository.js';
/** Solutions of live tasks, joined with the task, the author and the reviewer (if any). */
const liveSolutions = (db) => db
    .selectFrom('solutions')
    .innerJoin('tasks', 'tasks.id', 'solutions.task_id')
    .innerJoin('users as author', 'author.id', 'solutions.author_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'solutions.reviewer_id')
    .where('tasks.deleted_at', 'is', null)
    .select([
    'solutions.id as id',
    'solutions.task_id as taskId',
    'solutions.author_id as authorId',
    'author.name as authorName',
    'solutions.answer as answer',
    'solutions.image_key as imageKey',
    'solutions.reviewed as reviewed',
    'solutions.correct as correct',
    'solutions.feedback as feedback',
    'solutions.created_at as createdAt',
    'solutions.reviewed_at as reviewedAt',
    'solutions.reviewer_id as reviewerId',
    'reviewer.name as reviewerName',
    'solutions.auto_verdict as autoVerdict',
    'solutions.judged_by_checker as judgedByChecker',
    'solutions.annotations as annotations',
]);
/**
 * One query: unreviewed first, then oldest first. A teacher's list is driven by tasks_group_idx
 * then solutions_task_idx; a student's by solutions_author_task_time_idx.
 */
export async function listSolutions(db, filter) {
    if ((filter.groupIds && filter.groupIds.length === 0) || (filter.taskIds && filter.taskIds.length === 0))
        return [];
    let query = liveSolutions(db);
    if (filter.groupIds)
        query = query.where('tasks.group_id', 'in', filter.groupIds);
    if (filter.authorId !== undefined)
        query = query.where('solutions.author_id', '=', filter.authorId);
    if (filter.taskId !== undefined)
        query = query.where('solutions.task_id', '=', filter.taskId);
    if (filter.taskIds)
        query = query.where('solutions.task_id', 'in', filter.taskIds);
    if (filter.reviewed !== undefined)
        query = query.where('solutions.reviewed', '=', toDbBool(filter.reviewed));
    return query.orderBy('solutions.reviewed', 'asc').orderBy('solutions.created_at', 'asc').orderBy('solutions.id', 'asc').execute();
}
/** Solutions of live tasks with these ids, as joined rows (one query for a bulk verdict's announcements). */
export async function findSolutions(db, ids) {
    if (ids.length === 0)
        return [];
    return liveSolutions(db).where('solutions.id', 'in', [...ids]).execute();
}
/** The group of a solution's live task: undefined for an unknown solution or a deleted task. */
export async function reviewedSolutionGroup(db, id) {
    return db
        .selectFrom('solutions')
        .innerJoin('tasks', 'tasks.id', 'solutions.task_id')
        .where('solutions.id', '=', id)
        .where('tasks.deleted_at', 'is', null)
        .select('tasks.group_id as groupId')
        .executeTakeFirst();
}
/** The groups of those of `ids` that are solutions of live tasks (one query; unknown ids are absent). */
export async function liveSolutionGroups(db, ids) {
    return db
        .selectFrom('solutions')
        .innerJoin('tasks', 'tasks.id', 'solutions.task_id')
        .where('solutions.id', 'in', ids)
        .where('tasks.deleted_at', 'is', null)
        .select(['solutions.id as id', 'tasks.group_id as groupId'])
        .execute();
}
/** What an answer needs of its task (TaskForAnswer), shared by the two reads below. */
const taskForAnswerColumns = ['group_id as groupId', 'answer_kind as answerKind', 'answer_key as answerKey', 'tolerance', 'check_mode as checkMode', 'opens_at as opensAt', 'closes_at as closesAt'];
/** The group and answer key of a live task, or undefined when there is no such live task. */
export async function liveTaskForAnswer(db, taskId) {
    return db
        .selectFrom('tasks')
        .select(taskForAnswerColumns)
        .where('id', '=', taskId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
}
/** The live task `taskId` as a student's answer needs it (AnswerTaskCache keeps it), or undefined. */
export async function answerTask(db, taskId) {
    return db
        .selectFrom('tasks')
        .select(['title', ...taskForAnswerColumns])
        .where('id', '=', taskId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
}
/**
 * Whether the student already has an unreviewed or a correct solution to the task: the rows
 * solutions_open_unique allows one of. Asked before a photo is decoded and stored (an answer
 * without one is refused by the insert itself).
 */
export async function hasOpenSolution(db, taskId, authorId) {
    const row = await db
        .selectFrom('solutions')
        .select('id')
        .where('task_id', '=', taskId)
        .where('author_id', '=', authorId)
        .where((w) => w.or([w('reviewed', '=', 0), w('correct', '=', 1)]))
        .executeTakeFirst();
    return row !== undefined;
}
/**
 * Inserts a solution, already judged when the checker's verdict is final. Returns the row as
 * findSolutions() would read it, built from what was written (the author's name is the caller's):
 * reading it back was one more round trip per answer for values already known here. Undefined,
 * and nothing written, when the author has an open one (unreviewed or correct) already: the
 * conflict on solutions_open_unique, whose predicate is spelled out (as literals, so PostgreSQL
 * can match the partial index) to name it as the arbiter.
 */
export async function insertSolution(db, values, authorName) {
    const inserted = await solutionInsert(db, values).executeTakeFirst();
    return inserted && solutionRow(inserted.id, values, authorName);
}
/**
 * PostgreSQL: insertSolution and the live event announcing it (live-announcer.ts, unjudgedAnswer)
 * in one statement, the answer's id written into the event where it holds 0. Undefined, and
 * neither written, as for insertSolution.
 */
export async function insertSolutionWithEvent(db, values, authorName, pending) {
    const stored = await insertRowWithEvent(db, solutionInsert(db, values), pending);
    return stored && { row: solutionRow(stored.id, values, authorName), eventId: stored.eventId };
}
export function newSolutionValues(solution) {
    const now = nowIso();
    return {
        task_id: solution.taskId,
        author_id: solution.authorId,
        answer: solution.answer,
        image_key: solution.imageKey,
        reviewed: toDbBool(solution.finalVerdict !== null),
        correct: toDbBool(solution.finalVerdict?.correct ?? false),
        feedback: null,
        created_at: now,
        // Judged in the same instant it arrived; reviewer_id stays null: no account judged it.
        reviewed_at: solution.finalVerdict ? now : null,
        reviewer_id: null,
        auto_verdict: solution.autoVerdict,
        judged_by_checker: toDbBool(solution.finalVerdict !== null),
    };
}
/** The INSERT of a new solution, adding nothing where its author has an open one. */
function solutionInsert(db, values) {
    return db
        .insertInto('solutions')
        .values(values)
        .onConflict((oc) => oc.columns(['task_id', 'author_id']).where(sql `reviewed = 0 or correct = 1`).doNothing())
        .returning('id');
}
/** The row of a new solution as reading it back would give it, from what is written (with id 0: the draft its announcement is built from). */
export function solutionRow(id, values, authorName) {
    return {
        id,
        taskId: values.task_id,
        authorId: values.author_id,
        authorName,
        answer: values.answer,
        imageKey: values.image_key,
        reviewed: values.reviewed,
        correct: values.correct,
        feedback: values.feedback,
        createdAt: values.created_at,
        reviewedAt: values.reviewed_at,
        reviewerId: values.reviewer_id,
        reviewerName: null,
        autoVerdict: values.auto_verdict,
        judgedByChecker: values.judged_by_checker,
        annotations: null,
    };
}
/**
 * Records one verdict for many solutions in one statement (all or nothing: a violation of
 * solutions_open_unique rolls the whole statement back). Returns how many rows changed.
 */
export async function updateReviews(db, ids, values) {
    const result = await db
        .updateTable('solutions')
        .set({
        reviewed: 1,
        correct: toDbBool(values.correct),
        reviewer_id: values.reviewerId,
        reviewed_at: nowIso(),
        judged_by_checker: 0,
        ...(values.feedback !== undefined ? { feedback: values.feedback } : {}),
    })
        .where('id', 'in', ids)
        .executeTakeFirst();
    return Number(result.numUpdatedRows);
}
/** The columns a verdict writes (a reset to unreviewed clears them). */
function reviewSet(values) {
    return {
        reviewed: toDbBool(values.reviewed),
        correct: toDbBool(values.reviewed && values.correct),
        reviewer_id: values.reviewed ? values.reviewerId : null,
        reviewed_at: values.reviewed ? nowIso() : null,
        // A teacher's verdict (or reset) replaces the checker's.
        judged_by_checker: 0,
        ...(values.feedback !== undefined ? { feedback: values.feedback } : {}),
        ...(values.annotations !== undefined ? { annotations: values.annotations } : {}),
    };
}
/** A judged solution's columns, as findSolutions() names them (the names are added by the caller). */
const JUDGED_COLUMNS = [
    'id',
    'task_id as taskId',
    'author_id as authorId',
    'answer',
    'image_key as imageKey',
    'reviewed',
    'correct',
    'feedback',
    'created_at as createdAt',
    'reviewed_at as reviewedAt',
    'reviewer_id as reviewerId',
    'auto_verdict as autoVerdict',
    'judged_by_checker as judgedByChecker',
    'annotations',
];
/**
 * Records a verdict (or resets to unreviewed), only on a solution of a live task in `groupIds` (the
 * reviewer's groups, access.policy's reviewScope); may violate solutions_open_unique. Returns the
 * row as findSolutions() reads it, with its task's group and title: finding those and writing are
 * one statement, one round trip. Undefined when nothing matched (an unknown solution, a deleted
 * task, another group's); the caller then asks why (reviewedSolutionGroup).
 */
export async function judgeInGroups(db, id, values, reviewerName, groupIds) {
    if (groupIds.length === 0)
        return undefined;
    const row = await db
        .updateTable('solutions')
        .set(reviewSet(values))
        .where('solutions.id', '=', id)
        .where('solutions.task_id', 'in', (eb) => eb.selectFrom('tasks').select('tasks.id').where('tasks.deleted_at', 'is', null).where('tasks.group_id', 'in', [...groupIds]))
        .returning(JUDGED_COLUMNS)
        .returning((eb) => [
        eb.selectFrom('tasks').select('tasks.group_id').whereRef('tasks.id', '=', 'solutions.task_id').as('groupId'),
        eb.selectFrom('tasks').select('tasks.title').whereRef('tasks.id', '=', 'solutions.task_id').as('taskTitle'),
        eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'solutions.author_id').as('authorName'),
    ])
        .executeTakeFirst();
    if (!row || row.groupId === null || row.taskTitle === null || row.authorName === null)
        return undefined;
    const { groupId, taskTitle, authorName, ...columns } = row;
    return { row: { ...columns, authorName, reviewerName: columns.reviewerId === null ? null : reviewerName }, groupId, taskTitle };
}
//# sourceMappingURL=solutions.repository.js.map