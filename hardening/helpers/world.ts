import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.js';
import type { TestApp } from '../../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD } from '../../apps/server/src/test/fixtures.js';
import { multipartBody } from '../../apps/server/src/modules/files/multipart-test-body.js';
import { plainJpeg } from '../../apps/server/src/modules/files/test-images.js';

/**
 * Every kind of caller the access table tries. "A" is the group of `student` and `teacher`, "B" the
 * group of `otherStudent` and `otherTeacher`; the owner (PRODUCT.md §16) teaches a third group, C.
 * `pending` signed up and was never activated; `deactivated` was active when its token was minted.
 */
export const CALLERS = ['anonymous', 'pending', 'deactivated', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];

export interface CallerInfo {
  token: string | undefined;
  id: number;
  login: string;
  groupId: number;
}

/** Something only some callers may see: a task text, an answer, an image key. */
export interface Secret {
  label: string;
  needles: string[];
  visibleTo: Caller[];
}

/**
 * Two groups with a teacher and students each, the owner in a third, plus callers that must be
 * shut out: "pending" (never activated, token minted anyway) and "deactivated" (token minted while
 * active). Tasks and solutions with images are created through the API so every secret is real.
 */
export interface World {
  groupA: number;
  groupB: number;
  groupC: number;
  callers: Record<Caller, CallerInfo>;
  classmateId: number;
  taskA: number;
  taskB: number;
  solutionOwn: number;
  secrets: Secret[];
}

async function postForm(t: TestApp, url: string, token: string, fields: Record<string, string | number>, file?: { field: string; data: Buffer }) {
  const form = multipartBody(fields, file ? [file] : []);
  const res = await t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: number; imageSecureUrl?: string }>();
}

const keyOf = (url: string | undefined): string => {
  const key = /\/api\/files\/([^?]+)/.exec(url ?? '')?.[1];
  if (!key) throw new Error(`no image key in ${url}`);
  return key;
};

export async function buildWorld(t: TestApp): Promise<World> {
  const groupA = (await createGroup(t)).id;
  const groupB = (await createGroup(t)).id;
  const groupC = (await createGroup(t)).id;
  const make = async (role: 'student' | 'teacher', groupId: number, activated = true, owner = false): Promise<CallerInfo> => {
    const { user, token } = await createUser(t, { role, groupIds: [groupId], activated, owner });
    return { token, id: user.id, login: user.login, groupId };
  };
  const student = await make('student', groupA);
  const classmate = await make('student', groupA);
  const otherStudent = await make('student', groupB);
  const teacher = await make('teacher', groupA);
  const otherTeacher = await make('teacher', groupB);
  const owner = await make('teacher', groupC, true, true);
  const pending = await make('student', groupA, false);
  const deactivated = await make('student', groupA);
  await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', deactivated.id).execute();

  const image = { field: 'taskImage', data: await plainJpeg(16, 16) };
  // Both tasks carry answer keys (suggest mode: answers still wait for the teacher), which only
  // their own group's teachers may ever see (PRODUCT.md §9).
  const taskA = await postForm(
    t,
    '/api/tasks',
    teacher.token!,
    { title: 'Task A', text: 'SECRET-TASK-A-TEXT', level: 'beginner', points: 2, group: groupA, answerKind: 'text', answerKey: 'SECRET-KEY-A', checkMode: 'suggest' },
    image,
  );
  const taskB = await postForm(
    t,
    '/api/tasks',
    otherTeacher.token!,
    { title: 'Task B', text: 'SECRET-TASK-B-TEXT', level: 'beginner', points: 2, group: groupB, answerKind: 'number', answerKey: '7777/9999', tolerance: '0.0031337', checkMode: 'suggest' },
    image,
  );
  const solution = (token: string, taskId: number, answer: string) =>
    postForm(t, '/api/solutions', token, { taskId, answer }, { field: 'solutionImage', data: image.data });
  const own = await solution(student.token!, taskA.id, 'SECRET-ANSWER-OWN');
  const classmates = await solution(classmate.token!, taskA.id, 'SECRET-ANSWER-CLASSMATE');
  const groupBs = await solution(otherStudent.token!, taskB.id, 'SECRET-ANSWER-GROUP-B');

  return {
    groupA,
    groupB,
    groupC,
    callers: { anonymous: { token: undefined, id: 0, login: 'nobody-at-all', groupId: 0 }, pending, deactivated, student, otherStudent, teacher, otherTeacher, owner },
    classmateId: classmate.id,
    taskA: taskA.id,
    taskB: taskB.id,
    solutionOwn: own.id,
    secrets: [
      { label: "group A's task", needles: ['SECRET-TASK-A-TEXT', keyOf(taskA.imageSecureUrl)], visibleTo: ['student', 'teacher'] },
      { label: "group B's task", needles: ['SECRET-TASK-B-TEXT', keyOf(taskB.imageSecureUrl)], visibleTo: ['otherStudent', 'otherTeacher'] },
      { label: "the student's own answer", needles: ['SECRET-ANSWER-OWN', keyOf(own.imageSecureUrl)], visibleTo: ['student', 'teacher'] },
      { label: "a classmate's answer", needles: ['SECRET-ANSWER-CLASSMATE', keyOf(classmates.imageSecureUrl)], visibleTo: ['teacher'] },
      { label: "group B's answer", needles: ['SECRET-ANSWER-GROUP-B', keyOf(groupBs.imageSecureUrl)], visibleTo: ['otherStudent', 'otherTeacher'] },
      { label: "group A's answer key", needles: ['SECRET-KEY-A'], visibleTo: ['teacher'] },
      { label: "group B's answer key and tolerance", needles: ['7777/9999', '0.0031337'], visibleTo: ['otherTeacher'] },
      // No student-facing answer carries the key fields at all, not even empty.
      { label: 'the answer-key fields', needles: ['"answerKey"', '"tolerance"'], visibleTo: ['teacher', 'otherTeacher', 'owner'] },
    ],
  };
}

export { TEST_PASSWORD };

/** Rows per table: what a refused request must leave unchanged. */
export async function rowCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'groups', 'user_groups', 'tasks', 'solutions', 'revoked_tokens'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** Every file under `dir` (recursively), relative paths sorted; [] when the folder does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
