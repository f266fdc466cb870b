/**
 * The tasks students answer are kept between answers (answer-task-cache.ts) under the counter of
 * every existing task: each answer must still meet the task as it is now — its key, its group, its
 * window, whether it exists — after an edit through the API and after one written by another
 * instance. And without the read of the student's open answer, a second one is still refused,
 * storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutionSchema, type Task } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { writeElsewhere } from '../../test/write-elsewhere.js';
import { multipartBody, type TestFile } from '../files/multipart-test-body.js';
import { countStoredImages } from '../files/test-helpers.js';
import * as corpus from '../files/test-images.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('tasks kept for answers on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let otherGroup: { id: number };
  let teacher: Caller;
  let outsider: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    otherGroup = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id, otherGroup.id] });
    outsider = await createUser(t, { groupIds: [otherGroup.id] });
    await t.app.checker.ready();
  }, 120_000);
  afterAll(async () => t.close());

  const createTask = async (fields: Record<string, string | number> = {}): Promise<Task> => {
    const body = multipartBody({ title: 'Kept', text: 'Solve it', level: 'beginner', points: 3, group: group.id, ...fields });
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const student = () => createUser(t, { groupIds: [group.id] });
  const submit = (token: string, taskId: number, answer: string, files: TestFile[] = []) => {
    const body = multipartBody({ taskId, answer }, files);
    return t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(token), ...body.headers, 'accept-language': 'en' }, payload: body.payload });
  };
  const verdictOf = async (token: string, taskId: number, answer: string) => {
    const res = await submit(token, taskId, answer);
    expect(res.statusCode, res.body).toBe(201);
    return solutionSchema.parse(res.json()).autoVerdict;
  };
  const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: bearer(teacher.token), payload });
  const solutionCount = async () => Number((await t.db.selectFrom('solutions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('judges by the key as it is now: after an edit through the API and after one written by another instance', async () => {
    const task = await createTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    expect(await verdictOf((await student()).token, task.id, '6/5')).toBe('incorrect');
    expect(await verdictOf((await student()).token, task.id, '10/12')).toBe('correct');

    expect((await patch(task.id, { answerKey: '6/5' })).statusCode).toBe(200);
    expect(await verdictOf((await student()).token, task.id, '6/5')).toBe('correct');

    await writeElsewhere(t, 'update tasks set answer_key = ? where id = ?', ['7/5', task.id]);
    expect(await verdictOf((await student()).token, task.id, '6/5')).toBe('incorrect');
    expect(await verdictOf((await student()).token, task.id, '1.4')).toBe('correct');
  });

  it('follows a task moved to another group: its old group no longer answers it, its new one does', async () => {
    const task = await createTask();
    // Read (and kept) for a student of another group, who is told there is no such task; no answer
    // is stored, so the task may still move.
    expect((await submit(outsider.token, task.id, '42')).statusCode).toBe(404);
    expect((await patch(task.id, { group: otherGroup.id })).statusCode).toBe(200);
    expect((await submit((await student()).token, task.id, '42')).statusCode).toBe(404);
    expect((await submit(outsider.token, task.id, '42')).statusCode).toBe(201);
  });

  it('refuses an answer to a task deleted or closed since it was kept, through the API or by another instance', async () => {
    const deleted = await createTask();
    expect((await submit((await student()).token, deleted.id, '42')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/${deleted.id}`, headers: bearer(teacher.token) })).statusCode).toBe(204);
    expect((await submit((await student()).token, deleted.id, '42')).statusCode).toBe(404);

    const deletedElsewhere = await createTask();
    expect((await submit((await student()).token, deletedElsewhere.id, '42')).statusCode).toBe(201);
    await writeElsewhere(t, 'update tasks set deleted_at = ? where id = ?', [new Date().toISOString(), deletedElsewhere.id]);
    expect((await submit((await student()).token, deletedElsewhere.id, '42')).statusCode).toBe(404);

    const closed = await createTask();
    expect((await submit((await student()).token, closed.id, '42')).statusCode).toBe(201);
    await writeElsewhere(t, 'update tasks set closes_at = ? where id = ?', [new Date(Date.now() - 60_000).toISOString(), closed.id]);
    const late = await submit((await student()).token, closed.id, '42');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TASK_CLOSED' });
  });

  it('refuses a second answer while the first is open, typed or photographed, storing nothing', async () => {
    const task = await createTask();
    const { token } = await student();
    expect((await submit(token, task.id, '42')).statusCode).toBe(201);
    const [solutions, images] = [await solutionCount(), await countStoredImages(t)];

    const again = await submit(token, task.id, '43');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SOLUTION_EXISTS' });
    const photo = await submit(token, task.id, '', [{ field: 'solutionImage', data: await corpus.jpegWithGps(), filename: 'work.jpg', contentType: 'image/jpeg' }]);
    expect(photo.statusCode).toBe(409);
    expect(photo.json()).toMatchObject({ code: 'SOLUTION_EXISTS' });
    expect([await solutionCount(), await countStoredImages(t)]).toEqual([solutions, images]);
  });

  it('refuses a second answer sent at the same moment as the first: exactly one is stored', async () => {
    const task = await createTask();
    const { token } = await student();
    const answers = await Promise.all(['1', '2', '3', '4', '5'].map((a) => submit(token, task.id, a)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await t.db.selectFrom('solutions').select('id').where('task_id', '=', task.id).execute();
    expect(stored).toHaveLength(1);
  });
});
