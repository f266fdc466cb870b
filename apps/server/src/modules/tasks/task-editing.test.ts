import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSES_BEFORE_OPENS, TEXT_OR_IMAGE_REQUIRED, type LeaderboardRow, type StudentTask, type Task, type TeacherTask } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody, type TestFile } from '../files/multipart-test-body.js';
import { countStoredImages, fetchImage } from '../files/test-helpers.js';
import * as corpus from '../files/test-images.js';

type User = Awaited<ReturnType<typeof createUser>>;

/** PRODUCT.md §10: editing (JSON and multipart), windows, copies and counts, on both databases. */
describe.each(testDatabases())('task editing on %s', (dialect) => {
  let t: TestApp;
  let groupA: { id: number; name: string };
  let groupB: { id: number; name: string };
  let teacherA: User;
  let teacherAB: User;
  let teacherB: User;
  let studentA: User;
  let studentA2: User;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupA = await createGroup(t);
    groupB = await createGroup(t);
    teacherA = await createUser(t, { role: 'teacher', groupIds: [groupA.id] });
    teacherAB = await createUser(t, { role: 'teacher', groupIds: [groupA.id, groupB.id] });
    teacherB = await createUser(t, { role: 'teacher', groupIds: [groupB.id] });
    studentA = await createUser(t, { name: 'Ада', groupIds: [groupA.id] });
    studentA2 = await createUser(t, { name: 'Богдан', groupIds: [groupA.id] });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  const headers = (token: string) => ({ ...bearer(token), 'accept-language': 'en' });
  const create = async (fields: Record<string, string | number> = {}, files: TestFile[] = [], token = teacherA.token): Promise<Task> => {
    const body = multipartBody({ title: 'Fractons', text: 'Find $x$', level: 'beginner', points: 3, group: groupA.id, ...fields }, files);
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...headers(token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const patch = (id: number, payload: object, token = teacherA.token) => t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: headers(token), payload });
  const patchForm = (id: number, fields: Record<string, string | number>, files: TestFile[] = [], token = teacherA.token) => {
    const body = multipartBody(fields, files);
    return t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: { ...headers(token), ...body.headers }, payload: body.payload });
  };
  const submit = (taskId: number, student: User = studentA, answer = '42') => {
    const body = multipartBody({ taskId, answer });
    return t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...headers(student.token), ...body.headers }, payload: body.payload });
  };
  const review = (solutionId: number, correct: boolean) =>
    t.app.inject({ method: 'PUT', url: `/api/solutions/${solutionId}`, headers: headers(teacherA.token), payload: { reviewed: true, correct } });
  const mine = async (student: User = studentA): Promise<StudentTask[]> => (await t.app.inject({ method: 'GET', url: '/api/tasks/mine', headers: headers(student.token) })).json();
  const teacherList = async (token = teacherA.token): Promise<TeacherTask[]> => (await t.app.inject({ method: 'GET', url: '/api/tasks', headers: headers(token) })).json();
  const board = async (period: string): Promise<LeaderboardRow[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${groupA.id}&period=${period}`, headers: headers(teacherA.token) })).json();
  const solutionCount = async () => Number((await t.db.selectFrom('solutions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const storedTask = (id: number) => t.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('fixes a typo in a task that has answers: the solutions stay, with their verdicts, and every list shows the new title', async () => {
    const task = await create({ title: 'Fractons' });
    const sent = await submit(task.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await review(sent.json<{ id: number }>().id, true)).statusCode).toBe(200);
    const before = await solutionCount();

    const res = await patch(task.id, { title: 'Fractions', text: 'Find $x$ if $2x = 4$' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: task.id, title: 'Fractions', text: 'Find $x$ if $2x = 4$', points: 3, level: 'beginner', group: groupA });
    expect(await solutionCount()).toBe(before);
    const solutions = (await t.app.inject({ method: 'GET', url: `/api/solutions?taskId=${task.id}`, headers: headers(teacherA.token) })).json<{ correct: boolean; reviewed: boolean }[]>();
    expect(solutions).toEqual([expect.objectContaining({ reviewed: true, correct: true })]);
    expect((await mine()).find((x) => x.id === task.id)?.title).toBe('Fractions');
    expect((await teacherList()).find((x) => x.id === task.id)?.title).toBe('Fractions');
  });

  it('refuses a student (403), another group’s teacher (403), 9 points (400) and an unknown task (404), changing nothing', async () => {
    const task = await create({ title: 'Kept' });
    const asStudent = await patch(task.id, { title: 'Hacked' }, studentA.token);
    expect(asStudent.statusCode).toBe(403);
    const asOther = await patch(task.id, { title: 'Hacked' }, teacherB.token);
    expect(asOther.statusCode, asOther.body).toBe(403);
    expect(asOther.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const nine = await patch(task.id, { points: 9 });
    expect(nine.statusCode).toBe(400);
    expect(nine.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: { points: 'teacher.tasks.form.errors.pointsRange' } });
    expect((await patch(task.id, { title: '   ' })).json().validationErrors).toEqual({ title: 'teacher.tasks.form.errors.titleRequired' });
    expect((await patch(task.id, { level: 'expert' })).statusCode).toBe(400);
    expect((await patch(task.id, { opensAt: 'tomorrow' })).json().validationErrors).toEqual({ opensAt: 'teacher.tasks.form.errors.dateInvalid' });
    expect((await patch(999_999, { title: 'Nothing' })).statusCode).toBe(404);
    expect((await storedTask(task.id)).title).toBe('Kept');
  });

  it('keeps text or image, and a window that closes after it opens', async () => {
    const task = await create();
    const noText = await patch(task.id, { text: '' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().validationErrors).toEqual({ text: TEXT_OR_IMAGE_REQUIRED });
    const backwards = await patch(task.id, { opensAt: '2030-01-02T10:00:00Z', closesAt: '2030-01-02T09:00:00+00:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().validationErrors).toEqual({ closesAt: CLOSES_BEFORE_OPENS });
    const ok = await patch(task.id, { opensAt: '2030-01-02T12:00:00+02:00', closesAt: '2030-01-09T12:00:00+02:00' });
    expect(ok.statusCode, ok.body).toBe(200);
    // Stored and answered as UTC instants.
    expect(ok.json()).toMatchObject({ opensAt: '2030-01-02T10:00:00.000Z', closesAt: '2030-01-09T10:00:00.000Z' });
    const cleared = await patch(task.id, { opensAt: null, closesAt: null });
    expect(cleared.json()).not.toHaveProperty('opensAt');
    expect(cleared.json()).not.toHaveProperty('closesAt');
  });

  it('moves a task without solutions to another of the teacher’s groups, refuses a move with solutions (409) and a move to a foreign group (403)', async () => {
    const empty = await create({}, [], teacherAB.token);
    const moved = await patch(empty.id, { group: groupB.id }, teacherAB.token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().group).toEqual(groupB);
    expect((await mine()).some((x) => x.id === empty.id)).toBe(false);

    const answered = await create({}, [], teacherAB.token);
    expect((await submit(answered.id)).statusCode).toBe(201);
    const refused = await patch(answered.id, { group: groupB.id, title: 'Also not saved' }, teacherAB.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TASK_HAS_SOLUTIONS', message: expect.stringMatching(/already has solutions/) });
    expect(await storedTask(answered.id)).toMatchObject({ group_id: groupA.id, title: 'Fractons' });

    const foreign = await create();
    expect((await patch(foreign.id, { group: groupB.id })).statusCode).toBe(403);
    expect((await patch(foreign.id, { group: 999_999 })).json().validationErrors).toEqual({ group: 'teacher.tasks.form.errors.groupUnknown' });
  });

  it('answers 400 when the group a task moves to is deleted between the check and the write', async () => {
    const doomed = await createGroup(t);
    const mover = await createUser(t, { role: 'teacher', groupIds: [groupA.id, doomed.id] });
    const task = await create({}, [], mover.token);
    // The race, made certain: the group goes inside the very statement that moves the task.
    const race =
      dialect === 'postgres'
        ? [
            'create function test_delete_group_first() returns trigger language plpgsql as $$ begin delete from groups where id = new.group_id; return new; end $$',
            'create trigger test_group_deleted before update of group_id on tasks for each row execute function test_delete_group_first()',
          ]
        : ['create trigger test_group_deleted before update of group_id on tasks begin delete from groups where id = new.group_id; end'];
    for (const statement of race) await sql.raw(statement).execute(t.db);
    try {
      const moved = await patch(task.id, { group: doomed.id, title: 'Not saved' }, mover.token);
      expect(moved.statusCode, moved.body).toBe(400);
      expect(moved.json().validationErrors).toEqual({ group: 'teacher.tasks.form.errors.groupUnknown' });
    } finally {
      await sql.raw('drop trigger test_group_deleted' + (dialect === 'postgres' ? ' on tasks' : '')).execute(t.db);
      if (dialect === 'postgres') await sql.raw('drop function test_delete_group_first()').execute(t.db);
    }
    expect(await storedTask(task.id)).toMatchObject({ group_id: groupA.id, title: 'Fractons' });
  });

  it('replaces and removes the image through a multipart PATCH; the old file goes, a bad image changes nothing', async () => {
    const task = await create({}, [{ field: 'taskImage', data: await corpus.pngWithAlpha(20, 20), filename: 'a.png', contentType: 'image/png' }]);
    const images = await countStoredImages(t);
    const replaced = await patchForm(task.id, { title: 'With a new picture', points: '4', opensAt: '' }, [{ field: 'taskImage', data: await corpus.plainJpeg(40, 20), filename: 'b.jpg', contentType: 'image/jpeg' }]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json<Task>();
    expect(after).toMatchObject({ title: 'With a new picture', points: 4 });
    expect(after.imageSecureUrl).toMatch(/\.jpg\?/);
    expect((await fetchImage(t, after.imageSecureUrl!)).statusCode).toBe(200);
    expect((await fetchImage(t, task.imageSecureUrl!)).statusCode).toBe(404);
    expect(await countStoredImages(t)).toBe(images);

    const bad = await patchForm(task.id, { title: 'Not saved' }, [{ field: 'taskImage', data: corpus.renamedText, filename: 'c.jpg', contentType: 'image/jpeg' }]);
    expect(bad.statusCode).toBe(400);
    expect((await storedTask(task.id)).title).toBe('With a new picture');
    expect((await patchForm(task.id, { points: 'nine' })).json().validationErrors).toEqual({ points: 'teacher.tasks.form.errors.pointsRequired' });

    const removed = await patchForm(task.id, { removeImage: 'true' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).not.toHaveProperty('imageSecureUrl');
    expect(await countStoredImages(t)).toBe(images - 1);
    // Text still there; removing it too would leave nothing.
    expect((await patch(task.id, { text: '' })).statusCode).toBe(400);
  });

  it('keeps the answer-key handling of PATCH: a key alone changes only the key', async () => {
    const task = await create({ title: 'Key only' });
    const res = await patch(task.id, { answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Key only', answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    expect((await patch(task.id, { answerKind: 'expression', answerKey: '((' })).json().validationErrors).toHaveProperty('answerKey');
  });

  it('re-scores every leaderboard period at once when points change (the cached boards see it)', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { name: 'Віра', groupIds: [group.id] });
    const task = await create({ group: group.id, points: 2 }, [], teacher.token);
    const sent = await submit(task.id, student);
    const verdict = await t.app.inject({ method: 'PUT', url: `/api/solutions/${sent.json<{ id: number }>().id}`, headers: headers(teacher.token), payload: { reviewed: true, correct: true } });
    expect(verdict.statusCode).toBe(200);
    const boardOf = async (period: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${group.id}&period=${period}`, headers: headers(teacher.token) })).json<LeaderboardRow[]>()[0]!.points;
    // 2 points + accuracy 1 + first solver 3.
    for (const period of ['week', 'month', 'all']) expect(await boardOf(period)).toBe(6);
    expect((await patch(task.id, { points: 5 }, teacher.token)).statusCode).toBe(200);
    for (const period of ['week', 'month', 'all']) expect(await boardOf(period)).toBe(9);
    expect(await board('all')).toBeInstanceOf(Array);
  });

  it('hides a task before opensAt and shows it from that very millisecond', async () => {
    // Ten minutes ahead: within the test tokens' hour.
    const opensAt = new Date(Date.now() + 600_000);
    const task = await create();
    expect((await patch(task.id, { opensAt: opensAt.toISOString() })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(opensAt.getTime() - 1);
    expect((await mine()).some((x) => x.id === task.id)).toBe(false);
    expect((await submit(task.id)).statusCode).toBe(404);
    // Teachers see it, marked by its window.
    expect((await teacherList()).find((x) => x.id === task.id)?.opensAt).toBe(opensAt.toISOString());
    vi.setSystemTime(opensAt.getTime());
    expect((await mine()).find((x) => x.id === task.id)).toMatchObject({ opensAt: opensAt.toISOString() });
    expect((await submit(task.id)).statusCode).toBe(201);
  });

  it('accepts answers until the millisecond before closesAt, then answers 409 TASK_CLOSED and keeps the task and its answers visible', async () => {
    const closesAt = new Date(Date.now() + 600_000);
    const task = await create();
    expect((await patch(task.id, { closesAt: closesAt.toISOString() })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(closesAt.getTime() - 1);
    expect((await submit(task.id, studentA)).statusCode).toBe(201);
    vi.setSystemTime(closesAt.getTime());
    const late = await submit(task.id, studentA2);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TASK_CLOSED', message: 'This task is closed: it no longer accepts solutions' });
    expect((await mine(studentA2)).find((x) => x.id === task.id)).toMatchObject({ closesAt: closesAt.toISOString() });
    const own = (await t.app.inject({ method: 'GET', url: `/api/solutions?taskId=${task.id}`, headers: headers(studentA.token) })).json<unknown[]>();
    expect(own).toHaveLength(1);
  });

  it('copies a task to another of the teacher’s groups with its own image file, and refuses foreign groups', async () => {
    const source = await create({ title: 'Copy me', points: 4, answerKind: 'number', answerKey: '1/2', checkMode: 'suggest' }, [{ field: 'taskImage', data: await corpus.pngWithAlpha(10, 10), filename: 'a.png', contentType: 'image/png' }], teacherAB.token);
    expect((await submit(source.id)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(teacherAB.token), payload: { group: groupB.id } });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Task>();
    expect(copy).toMatchObject({ title: 'Copy me', points: 4, group: groupB, answerKind: 'number', answerKey: '1/2', checkMode: 'suggest', author: { id: teacherAB.user.id } });
    expect(copy.id).not.toBe(source.id);
    expect((await storedTask(copy.id)).image_key).not.toBe((await storedTask(source.id)).image_key);
    expect((await fetchImage(t, copy.imageSecureUrl!)).statusCode).toBe(200);
    expect((await teacherList(teacherB.token)).find((x) => x.id === copy.id)?.counts).toEqual({ answered: 0, correct: 0, waiting: 0 });

    const toForeign = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(teacherA.token), payload: { group: groupB.id } });
    expect(toForeign.statusCode).toBe(403);
    const fromForeign = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(teacherB.token), payload: { group: groupB.id } });
    expect(fromForeign.statusCode).toBe(403);
    const student = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(studentA.token), payload: { group: groupA.id } });
    expect(student.statusCode).toBe(403);
    const noGroup = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(teacherAB.token), payload: {} });
    expect(noGroup.json()).toMatchObject({ statusCode: 400, validationErrors: { group: 'teacher.tasks.form.errors.groupRequired' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/tasks/999999/copy', headers: headers(teacherAB.token), payload: { group: groupA.id } })).statusCode).toBe(404);
    const toUnknown = await t.app.inject({ method: 'POST', url: `/api/tasks/${source.id}/copy`, headers: headers(teacherA.token), payload: { group: 999_999 } });
    expect(toUnknown.json()).toMatchObject({ statusCode: 400, validationErrors: { group: 'teacher.tasks.form.errors.groupUnknown' } });
  });

  it('counts per task: students who answered, were judged correct, and answers waiting', async () => {
    const task = await create({ title: 'Counted' });
    // Read after every step: the list is cached, and each answer and verdict must show at once.
    const counts = async () => (await teacherList()).find((x) => x.id === task.id)?.counts;
    expect(await counts()).toEqual({ answered: 0, correct: 0, waiting: 0 });
    const first = await submit(task.id, studentA);
    expect(await counts()).toEqual({ answered: 1, correct: 0, waiting: 1 });
    await review(first.json<{ id: number }>().id, false);
    expect(await counts()).toEqual({ answered: 1, correct: 0, waiting: 0 });
    await submit(task.id, studentA);
    const second = await submit(task.id, studentA2);
    await review(second.json<{ id: number }>().id, true);
    expect(await counts()).toEqual({ answered: 2, correct: 1, waiting: 1 });
  });
});
