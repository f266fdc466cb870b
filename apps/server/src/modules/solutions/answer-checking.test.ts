/**
 * Answer keys end to end through the API (PRODUCT.md §9): a teacher's key is validated when the
 * task is created or edited, a student's answer is checked on submission, auto mode judges at
 * once (the POST answer and the leaderboard show it), suggest mode only suggests, photos and
 * `unsure` wait for the teacher, and no student ever sees the key. The checker's own cases are
 * unit-tested in modules/checking; this is a sample of them through HTTP, on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_KEY_ERRORS, CHECK_MODE_NEEDS_KEY, CHECKABLE_ANSWER_MAX, solutionSchema, taskSchema, type LeaderboardRow, type Solution, type Task } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody, type TestFile } from '../files/multipart-test-body.js';
import * as corpus from '../files/test-images.js';

type Caller = Awaited<ReturnType<typeof createUser>>;
type KeyFields = { answerKind: string; answerKey?: string; tolerance?: string; checkMode?: string };

/** key, tolerance, answer, the verdict a teacher would give (a sample of the checker's cases). */
const SAMPLE: [kind: string, key: string, tolerance: string, answer: string, verdict: 'correct' | 'incorrect'][] = [
  ['number', '5/6', '0', '10/12', 'correct'],
  ['number', '5/6', '0', '\\frac56', 'correct'],
  ['number', '5/6', '0', '0.83', 'incorrect'],
  ['number', '5/6', '0.01', '0.83', 'correct'],
  ['number', '5/6', '0', '6/5', 'incorrect'],
  ['number', '5/6', '0', '0,8333', 'incorrect'],
  ['expression', 'x^2-1', '0', '(x-1)(x+1)', 'correct'],
  ['expression', 'x^2-1', '0', 'x^2+1', 'incorrect'],
  ['set', 'x=2, x=3', '0', '3; 2', 'correct'],
  ['text', 'Київ', '0', ' КИЇВ ', 'correct'],
];

describe.each(testDatabases())('answer checking on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let otherGroup: { id: number };
  let teacher: Caller;
  let otherTeacher: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    otherGroup = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', name: 'Olena', groupIds: [group.id] });
    otherTeacher = await createUser(t, { role: 'teacher', groupIds: [otherGroup.id] });
    // The worker threads start with the first check; wait for them once, outside any test's time.
    await t.app.checker.ready();
  }, 120_000);
  afterAll(async () => t.close());

  const postTask = (token: string, fields: KeyFields & { points?: number }) => {
    const body = multipartBody({ title: 'Key task', text: 'Solve it', level: 'beginner', points: fields.points ?? 3, group: group.id, ...fields });
    return t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };
  const keyTask = async (fields: KeyFields & { points?: number }): Promise<Task> => {
    const res = await postTask(teacher.token, fields);
    expect(res.statusCode, res.body).toBe(201);
    return taskSchema.parse(res.json());
  };
  const student = () => createUser(t, { groupIds: [group.id] });
  const submit = (token: string, taskId: number, answer: string, files: TestFile[] = []) => {
    const body = multipartBody({ taskId, answer }, files);
    return t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };
  const submitted = async (token: string, taskId: number, answer: string, files: TestFile[] = []): Promise<Solution> => {
    const res = await submit(token, taskId, answer, files);
    expect(res.statusCode, res.body).toBe(201);
    return solutionSchema.parse(res.json());
  };
  const patch = (token: string, id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: bearer(token), payload });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const taskCount = async () => Number((await t.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('judges a sample of answers at once in auto mode: the POST answer already holds the final verdict', async () => {
    for (const [kind, key, tolerance, answer, verdict] of SAMPLE) {
      const task = await keyTask({ answerKind: kind, answerKey: key, tolerance, checkMode: 'auto' });
      const { token } = await student();
      const solution = await submitted(token, task.id, answer);
      expect({ kind, key, tolerance, answer, autoVerdict: solution.autoVerdict }).toEqual({ kind, key, tolerance, answer, autoVerdict: verdict });
      expect(solution).toMatchObject({ reviewed: true, correct: verdict === 'correct', judgedBy: 'checker', reviewer: null });
      expect(solution.reviewedAt).not.toBeNull();
      // As stored: the answer is built from what was written, not read back.
      expect((await get(token, '/api/solutions')).json()).toEqual([solution]);
    }
  });

  it('auto mode: a wrong answer may be retried, a right one closes the task, and the leaderboard moves at once', async () => {
    const task = await keyTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'auto', points: 3 });
    const { user, token } = await student();
    const board = async () => (await get(token, `/api/leaderboard?groupId=${group.id}&period=all`)).json<LeaderboardRow[]>().find((r) => r.userId === user.id);
    expect(await board()).toMatchObject({ points: 0, solved: 0 });

    expect(await submitted(token, task.id, '6/5')).toMatchObject({ autoVerdict: 'incorrect', reviewed: true, correct: false });
    expect(await board()).toMatchObject({ points: 0, solved: 0 });
    expect(await submitted(token, task.id, '10/12')).toMatchObject({ autoVerdict: 'correct', reviewed: true, correct: true });
    const row = await board();
    expect(row).toMatchObject({ solved: 1 });
    expect(row!.points).toBeGreaterThanOrEqual(3);
    // A correct answer blocks another one, as a teacher's "correct" does.
    expect((await submit(token, task.id, '5/6')).statusCode).toBe(409);
  });

  it('suggest mode stores only the suggestion: the answer waits, and the teacher confirms or overrides it', async () => {
    const task = await keyTask({ answerKind: 'expression', answerKey: 'x^2-1', checkMode: 'suggest' });
    const { token } = await student();
    const solution = await submitted(token, task.id, '(x+1)(x-1)');
    expect(solution).toMatchObject({ autoVerdict: 'correct', reviewed: false, correct: false, judgedBy: null, reviewedAt: null });

    const confirmed = await t.app.inject({ method: 'PUT', url: `/api/solutions/${solution.id}`, headers: bearer(teacher.token), payload: { reviewed: true, correct: false } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The teacher's verdict wins; the checker's suggestion stays on record.
    expect(confirmed.json()).toMatchObject({ reviewed: true, correct: false, autoVerdict: 'correct', judgedBy: 'teacher', reviewer: { id: teacher.user.id, name: 'Olena' } });
  });

  it("lets a teacher override the checker's final verdict in auto mode", async () => {
    const task = await keyTask({ answerKind: 'number', answerKey: '1/3', checkMode: 'auto' });
    const { token } = await student();
    const solution = await submitted(token, task.id, '0.333333');
    expect(solution).toMatchObject({ autoVerdict: 'incorrect', reviewed: true, correct: false, judgedBy: 'checker' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/solutions/${solution.id}`, headers: bearer(teacher.token), payload: { reviewed: true, correct: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewed: true, correct: true, judgedBy: 'teacher', autoVerdict: 'incorrect' });
  });

  it('leaves photo-only answers (autoVerdict null) and unsure ones waiting for the teacher, even in auto mode', async () => {
    const task = await keyTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    const photoOnly = await submitted((await student()).token, task.id, '', [{ field: 'solutionImage', data: await corpus.plainJpeg(8, 8), filename: 'a.jpg', contentType: 'image/jpeg' }]);
    expect(photoOnly).toMatchObject({ autoVerdict: null, reviewed: false, judgedBy: null });
    // Too long to be a number: the checker does not guess.
    const unsure = await submitted((await student()).token, task.id, '5/6 '.repeat(CHECKABLE_ANSWER_MAX / 4 + 1));
    expect(unsure).toMatchObject({ autoVerdict: 'unsure', reviewed: false, judgedBy: null });
    // Without a key nothing is checked.
    const plain = await keyTask({ answerKind: 'none' });
    expect(await submitted((await student()).token, plain.id, '5/6')).toMatchObject({ autoVerdict: null, reviewed: false });
  });

  it('refuses a key that does not fit its kind with 400 validationErrors, and stores no task', async () => {
    const before = await taskCount();
    const cases: [KeyFields, Record<string, string>][] = [
      [{ answerKind: 'number', answerKey: 'x+1' }, { answerKey: ANSWER_KEY_ERRORS.notANumber }],
      [{ answerKind: 'number', answerKey: '1,500' }, { answerKey: ANSWER_KEY_ERRORS.ambiguous }],
      [{ answerKind: 'expression', answerKey: '' }, { answerKey: ANSWER_KEY_ERRORS.required }],
      [{ answerKind: 'text', answerKey: 'Київ', tolerance: '0.5' }, { tolerance: ANSWER_KEY_ERRORS.tolerance }],
      [{ answerKind: 'number', answerKey: '5/6', tolerance: '-1' }, { tolerance: ANSWER_KEY_ERRORS.tolerance }],
      [{ answerKind: 'none', checkMode: 'auto' }, { checkMode: CHECK_MODE_NEEDS_KEY }],
      [{ answerKind: 'integral' }, { answerKind: 'teacher.tasks.form.errors.answerKindInvalid' }],
    ];
    for (const [fields, errors] of cases) {
      const res = await postTask(teacher.token, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: errors });
    }
    expect(await taskCount()).toBe(before);
  });

  it("PATCH changes a task's key for its group's teachers; the lists see it, old verdicts stay, a bad key changes nothing", async () => {
    const task = await keyTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    const { token } = await student();
    const judged = await submitted(token, task.id, '1/2');
    expect(judged).toMatchObject({ autoVerdict: 'incorrect', correct: false });
    // Read once so the teachers' list is cached before the change.
    expect((await get(teacher.token, '/api/tasks')).json<Task[]>().find((x) => x.id === task.id)).toMatchObject({ answerKey: '5/6' });

    const res = await patch(teacher.token, task.id, { answerKey: '1/2', tolerance: 0.001 });
    expect(res.statusCode, res.body).toBe(200);
    expect(taskSchema.parse(res.json())).toMatchObject({ id: task.id, answerKind: 'number', answerKey: '1/2', tolerance: 0.001, checkMode: 'auto' });
    expect((await get(teacher.token, '/api/tasks')).json<Task[]>().find((x) => x.id === task.id)).toMatchObject({ answerKey: '1/2', tolerance: 0.001 });
    // Not rejudged: the solution keeps the verdict it was given.
    expect((await get(token, '/api/solutions')).json<Solution[]>().find((s) => s.id === judged.id)).toMatchObject({ autoVerdict: 'incorrect', correct: false });
    // A retry is judged with the new key.
    expect(await submitted(token, task.id, '0.5')).toMatchObject({ autoVerdict: 'correct', correct: true });

    const bad = await patch(teacher.token, task.id, { answerKind: 'expression', answerKey: '((' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ validationErrors: { answerKey: expect.stringMatching(/^teacher\.tasks\.form\.errors\.answerKey/) } });
    const turnedOff = await patch(teacher.token, task.id, { answerKind: 'none' });
    expect(turnedOff.json()).toMatchObject({ answerKind: 'none', answerKey: null, tolerance: 0, checkMode: 'manual' });
    expect((await get(teacher.token, '/api/tasks')).json<Task[]>().find((x) => x.id === task.id)).toMatchObject({ answerKind: 'none', answerKey: null });
  });

  it("PATCH: a student and another group's teacher are refused (403), an unknown id gets 404, and nothing changes", async () => {
    const task = await keyTask({ answerKind: 'text', answerKey: 'Kyiv', checkMode: 'suggest' });
    const { token } = await student();
    const asStudent = await patch(token, task.id, { answerKey: 'Lviv' });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.body).not.toContain('Kyiv');
    expect((await patch(otherTeacher.token, task.id, { answerKey: 'Lviv' })).statusCode).toBe(403);
    expect((await patch(teacher.token, 999_999, { answerKey: 'Lviv' })).statusCode).toBe(404);
    expect((await get(teacher.token, '/api/tasks')).json<Task[]>().find((x) => x.id === task.id)).toMatchObject({ answerKey: 'Kyiv' });
  });

  it('never shows a student the key: not in the arena, not in their solutions, not in an error', async () => {
    const task = await keyTask({ answerKind: 'number', answerKey: '4242/4343', tolerance: '0.0077', checkMode: 'auto' });
    const { token } = await student();
    // The student's own answer is theirs to see; the key written the teacher's way is not.
    expect(await submitted(token, task.id, '8484/8686')).toMatchObject({ autoVerdict: 'correct' });
    const answers = [await get(token, '/api/tasks/mine'), await get(token, '/api/solutions'), await get(token, `/api/solutions?taskId=${task.id}`), await submit(token, task.id, 'again')];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 409]);
    const mine = answers[0]!.json<Record<string, unknown>[]>().find((x) => x.id === task.id);
    expect(mine).toMatchObject({ answerKind: 'number', checkMode: 'auto' });
    for (const res of answers) {
      expect(res.body).not.toMatch(/4242\/4343|0\.0077|"answerKey"|"tolerance"/);
    }
    // A teacher reading the arena's list gets the student's shape too.
    expect((await get(teacher.token, '/api/tasks/mine')).body).not.toMatch(/4242\/4343|"answerKey"/);
  });
});
