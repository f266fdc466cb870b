import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { GroupTask, TaskAttempts } from './achievement-rules.js';

/** A student's answer as the attempts are read: by student, task, then submission order. */
interface AttemptRow {
  authorId: number | string;
  taskId: number | string;
  createdAt: string;
  reviewed: number | string;
  correct: number | string;
}

/**
 * The answers of these students to live tasks, in the order the covering index
 * solutions_author_task_time_idx keeps them (student, task, time, id): a plain index scan. The
 * attempts are folded from it in JavaScript. (A window function numbering each task's answers made
 * SQLite materialize and sort them: 6 ms for 25 students of a class judged at once, 8 such reads a
 * bulk verdict of 200, against ~1 ms this way.)
 */
function answersOf(db: Kysely<DB>, studentIds: readonly number[]) {
  return sql<AttemptRow>`
    select s.author_id as "authorId", s.task_id as "taskId", s.created_at as "createdAt", s.reviewed, s.correct
    from solutions s
    join tasks t on t.id = s.task_id and t.deleted_at is null
    where s.author_id in (${sql.join([...studentIds])})
    order by s.author_id, s.task_id, s.created_at, s.id
  `.execute(db);
}

/**
 * Per live task each student answered: the first answer (by submission time, then id) and its
 * verdict, and the time of the answer judged correct (the earliest, should there be more).
 */
function foldAttempts(rows: readonly AttemptRow[], out: Map<number, TaskAttempts[]>): void {
  let current: TaskAttempts | undefined;
  let currentKey = '';
  for (const r of rows) {
    const key = `${r.authorId}:${r.taskId}`;
    const correct = Number(r.reviewed) === 1 && Number(r.correct) === 1;
    if (key !== currentKey) {
      currentKey = key;
      current = { taskId: Number(r.taskId), firstAt: r.createdAt, firstReviewed: Number(r.reviewed) === 1, firstCorrect: Number(r.correct) === 1, solvedAt: null };
      out.get(Number(r.authorId))?.push(current);
    }
    if (correct && current!.solvedAt === null) current!.solvedAt = r.createdAt;
  }
}

/** Per live task a student answered: see foldAttempts. Bounded by the number of answers the student sent. */
export async function attemptsOf(db: Kysely<DB>, studentId: number): Promise<TaskAttempts[]> {
  return (await attemptsOfMany(db, [studentId])).get(studentId)!;
}

/**
 * attemptsOf for many students in one query (a bulk verdict's announcements): each student's rows,
 * keyed by student id; a student without answers has an empty list.
 */
export async function attemptsOfMany(db: Kysely<DB>, studentIds: readonly number[]): Promise<Map<number, TaskAttempts[]>> {
  const out = new Map<number, TaskAttempts[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0) return out;
  foldAttempts((await answersOf(db, studentIds)).rows, out);
  return out;
}

/** The live tasks of these groups (a student's one group). */
export async function groupTasks(db: Kysely<DB>, groupIds: readonly number[]): Promise<GroupTask[]> {
  if (groupIds.length === 0) return [];
  return db.selectFrom('tasks').select(['id', 'created_at as createdAt']).where('group_id', 'in', [...groupIds]).where('deleted_at', 'is', null).execute();
}

/** The live tasks of these groups, keyed by group (the groups of a bulk verdict's students). */
export async function tasksByGroup(db: Kysely<DB>, groupIds: readonly number[]): Promise<Map<number, GroupTask[]>> {
  const out = new Map<number, GroupTask[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await db.selectFrom('tasks').select(['id', 'created_at as createdAt', 'group_id as groupId']).where('group_id', 'in', [...groupIds]).where('deleted_at', 'is', null).execute();
  for (const { groupId, ...task } of rows) if (groupId !== null) out.get(groupId)?.push(task);
  return out;
}

/**
 * Records that students were told of achievements: `earned` maps a student to their achievement codes;
 * returns, per student, the codes not told before (two queries whatever the number of students).
 */
export async function markAnnouncedMany(db: Kysely<DB>, earned: ReadonlyMap<number, readonly string[]>): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const ids = [...earned.entries()].filter(([, codes]) => codes.length > 0).map(([id]) => id);
  if (ids.length === 0) return out;
  const told = new Set(
    (await db.selectFrom('achievements_announced').select(['user_id', 'code']).where('user_id', 'in', ids).execute()).map((r) => `${r.user_id}:${r.code}`),
  );
  const now = nowIso();
  const fresh = ids.flatMap((id) => earned.get(id)!.filter((code) => !told.has(`${id}:${code}`)).map((code) => ({ user_id: id, code, created_at: now })));
  for (let i = 0; i < fresh.length; i += 500) {
    // A concurrent verdict may tell the same one: the primary key keeps it to one row, and only the
    // inserted rows are announced.
    const inserted = await db
      .insertInto('achievements_announced')
      .values(fresh.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
      .returning(['user_id', 'code'])
      .execute();
    for (const r of inserted) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.code]);
  }
  return out;
}

/** The groups of many users, keyed by user id. */
export async function groupsOfMany(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  for (const r of await db.selectFrom('user_groups').select(['user_id', 'group_id']).where('user_id', 'in', [...userIds]).execute()) out.get(r.user_id)?.push(r.group_id);
  return out;
}
