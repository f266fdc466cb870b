/**
 * POST /api/solutions/review (PRODUCT.md §15) and the task form's POST /api/answer-keys/check
 * (PRODUCT.md §9): many verdicts at once, all or nothing; and the checker's reading of a key and a
 * tried answer, for teachers only, storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_KEY_ERRORS, REVIEW_MANY_MAX, solutionSchema, type LeaderboardRow, type Solution } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('many verdicts at once and trying a key on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Caller;
  let otherTeacher: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    const otherGroup = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', name: 'Olena', groupIds: [group.id] });
    otherTeacher = await createUser(t, { role: 'teacher', groupIds: [otherGroup.id] });
    await t.app.checker.ready();
  }, 120_000);
  afterAll(async () => t.close());

  const newTask = async (fields: Record<string, string | number> = {}): Promise<number> => {
    const body = multipartBody({ title: 'T', text: 'Solve', level: 'beginner', points: 2, group: group.id, ...fields });
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const answered = async (taskId: number, answer: string, student?: Caller): Promise<Solution & { token: string }> => {
    const who = student ?? (await createUser(t, { groupIds: [group.id] }));
    const body = multipartBody({ taskId, answer });
    const res = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(who.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return { ...solutionSchema.parse(res.json()), token: who.token };
  };
  const reviewMany = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/solutions/review', headers: bearer(token), payload: payload as object });
  const stateOf = async (ids: number[]) =>
    (await t.db.selectFrom('solutions').select(['id', 'reviewed', 'correct', 'feedback', 'reviewer_id']).where('id', 'in', ids).orderBy('id').execute()).map((r) => ({
      ...r,
      reviewed: Number(r.reviewed),
      correct: Number(r.correct),
    }));

  it('confirms all suggested answers of a task at once: each is judged as by PUT, the student sees it, the board moves', async () => {
    const taskId = await newTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'suggest' });
    const a = await answered(taskId, '10/12');
    const b = await answered(taskId, '\\frac56');
    expect([a.autoVerdict, b.autoVerdict, a.reviewed]).toEqual(['correct', 'correct', false]);

    const res = await reviewMany(teacher.token, { ids: [a.id, b.id, a.id], correct: true, feedback: ' Well done ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });

    const mine = (await t.app.inject({ method: 'GET', url: '/api/solutions', headers: bearer(a.token) })).json<Solution[]>();
    expect(mine).toEqual([
      expect.objectContaining({ id: a.id, reviewed: true, correct: true, feedback: 'Well done', judgedBy: 'teacher', autoVerdict: 'correct', reviewer: { id: teacher.user.id, name: 'Olena' } }),
    ]);
    const board = (await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${group.id}&period=all`, headers: bearer(teacher.token) })).json<LeaderboardRow[]>();
    const solvedBoth = board.filter((r) => [a.authorId, b.authorId].includes(r.userId));
    expect(solvedBoth.map((r) => r.solved)).toEqual([1, 1]);
    expect(solvedBoth.every((r) => r.points >= 2)).toBe(true);
  });

  it("is all or nothing: one id of another group's task, or unknown, is a 404 and changes none of them", async () => {
    const taskId = await newTask();
    const mine = await answered(taskId, '42');
    const before = await stateOf([mine.id]);

    for (const ids of [[mine.id, 999_999], [mine.id, 2_147_483_647]]) {
      const res = await reviewMany(teacher.token, { ids, correct: true });
      expect(res.statusCode, res.body).toBe(404);
    }
    // The other group's teacher may not judge this group's answer, even among others' ids.
    expect((await reviewMany(otherTeacher.token, { ids: [mine.id], correct: false })).statusCode).toBe(404);
    expect((await reviewMany(mine.token, { ids: [mine.id], correct: true })).statusCode).toBe(403);
    expect(await stateOf([mine.id])).toEqual(before);
  });

  it('refuses bad bodies with 400 and the field named, storing nothing', async () => {
    const taskId = await newTask();
    const s = await answered(taskId, '1');
    const before = await stateOf([s.id]);
    const cases: [unknown, string][] = [
      [{ ids: [], correct: true }, 'ids'],
      [{ ids: Array.from({ length: REVIEW_MANY_MAX + 1 }, (_, i) => i + 1), correct: true }, 'ids'],
      [{ ids: [s.id] }, 'correct'],
      [{ ids: ['x'], correct: true }, 'ids'],
      [{ ids: [s.id], correct: true, feedback: 'x'.repeat(5000) }, 'feedback'],
    ];
    for (const [payload, field] of cases) {
      const res = await reviewMany(teacher.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<{ validationErrors: Record<string, string> }>().validationErrors).some((k) => k.startsWith(field))).toBe(true);
    }
    expect(await stateOf([s.id])).toEqual(before);
  });

  it("a clash with a student's newer open answer is a 409 for the whole batch", async () => {
    const taskId = await newTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'auto' });
    const student = await createUser(t, { groupIds: [group.id] });
    const wrong = await answered(taskId, '6/5', student);
    const retry = await answered(taskId, '1/2', student); // incorrect too: closed
    const pending = await answered(await newTask(), 'x');
    // Marking both of one student's answers correct would leave two open answers to one task.
    const res = await reviewMany(teacher.token, { ids: [pending.id, wrong.id, retry.id], correct: true });
    expect(res.statusCode, res.body).toBe(409);
    expect((await stateOf([pending.id])).map((r) => r.reviewed)).toEqual([0]);
  });

  describe('POST /api/answer-keys/check', () => {
    const check = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/answer-keys/check', headers: bearer(token), payload });

    it('reads the key for the preview and gives the verdict the checker would give a student', async () => {
      const cases: [object, object][] = [
        [{ answerKind: 'number', answerKey: '5/6', answer: '10/12' }, { verdict: 'correct', keyLatex: expect.stringContaining('frac') }],
        [{ answerKind: 'number', answerKey: '5/6', answer: '0.83' }, { verdict: 'incorrect' }],
        [{ answerKind: 'number', answerKey: '5/6', tolerance: 0.01, answer: '0,83' }, { verdict: 'correct' }],
        [{ answerKind: 'expression', answerKey: 'x^2-1', answer: '(x-1)(x+1)' }, { verdict: 'correct' }],
        [{ answerKind: 'set', answerKey: 'x=2, x=3', answer: '3; 2' }, { verdict: 'correct' }],
        [{ answerKind: 'text', answerKey: 'Київ', answer: ' КИЇВ ' }, { verdict: 'correct', keyLatex: null }],
        [{ answerKind: 'number', answerKey: '\\sqrt8' }, { verdict: null, keyLatex: expect.any(String) }],
      ];
      for (const [payload, expected] of cases) {
        const res = await check(teacher.token, payload);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json(), JSON.stringify(payload)).toMatchObject(expected);
      }
    });

    it('answers a pathological answer unsure in bounded time', async () => {
      const res = await check(teacher.token, { answerKind: 'number', answerKey: '5/6', answer: '10^10^10^10' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ verdict: expect.stringMatching(/^(unsure|incorrect)$/) });
    });

    it('refuses a key that does not parse, kind none, a tolerance off numbers, and students', async () => {
      const bad: [object, Record<string, string>][] = [
        [{ answerKind: 'number', answerKey: 'x+1', answer: '1' }, { answerKey: ANSWER_KEY_ERRORS.notANumber }],
        [{ answerKind: 'expression', answerKey: '' }, { answerKey: ANSWER_KEY_ERRORS.required }],
        [{ answerKind: 'text', answerKey: 'a', tolerance: 1 }, { tolerance: ANSWER_KEY_ERRORS.tolerance }],
        [{ answerKind: 'none', answerKey: '1' }, { answerKind: 'teacher.tasks.form.errors.answerKindInvalid' }],
      ];
      for (const [payload, errors] of bad) {
        const res = await check(teacher.token, payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: errors });
      }
      const student = await createUser(t, { groupIds: [group.id] });
      expect((await check(student.token, { answerKind: 'number', answerKey: '5/6', answer: '5/6' })).statusCode).toBe(403);
    });
  });
});
