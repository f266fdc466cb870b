/**
 * Same answers judged once (PRODUCT.md §15): GET /api/tasks/{id}/answer-groups groups a task's
 * waiting typed answers by normalised text, and by value when the task has an answer key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerGroupsSchema, type AnswerGroup } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('answer groups on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Caller;
  let otherTeacher: Caller;
  let student: Caller;
  let seconds = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    otherTeacher = await createUser(t, { role: 'teacher', groupIds: [(await createGroup(t)).id] });
    student = await createUser(t, { groupIds: [group.id] });
    await t.app.checker.ready();
  }, 120_000);
  afterAll(async () => t.close());

  const newTask = async (fields: Record<string, string | number> = {}): Promise<number> => {
    const body = multipartBody({ title: 'T', text: 'Solve', level: 'beginner', points: 2, group: group.id, ...fields });
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  /** A solution as stored (answers arrive trimmed; these test the grouping itself), each a second after the last. */
  const solution = async (taskId: number, answer: string, extra: { imageKey?: string; reviewed?: boolean } = {}): Promise<number> => {
    const author = await createUser(t, { groupIds: [group.id] });
    const createdAt = new Date(Date.UTC(2026, 10, 1) + ++seconds * 1000).toISOString();
    const row = await t.db
      .insertInto('solutions')
      .values({
        task_id: taskId,
        author_id: author.user.id,
        answer,
        image_key: extra.imageKey ?? null,
        reviewed: extra.reviewed ? 1 : 0,
        correct: 0,
        feedback: null,
        created_at: createdAt,
        reviewed_at: extra.reviewed ? nowIso() : null,
        reviewer_id: extra.reviewed ? teacher.user.id : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const groupsOf = async (taskId: number, token = teacher.token): Promise<AnswerGroup[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/answer-groups`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return answerGroupsSchema.parse(res.json());
  };
  const shape = (groups: AnswerGroup[]) => groups.map((g) => [g.count, g.autoVerdict, g.solutionIds.length]);

  it('groups typed answers equal after trimming, case-folding, collapsing whitespace and NFKC; largest first, ties oldest first', async () => {
    const taskId = await newTask();
    const xy1 = await solution(taskId, '  X  Y');
    const n1 = await solution(taskId, '４２'); // full-width digits: NFKC makes them 42
    const xy2 = await solution(taskId, 'x y');
    const n2 = await solution(taskId, '42');
    const xy3 = await solution(taskId, 'X\tY ');
    const kyiv1 = await solution(taskId, 'Київ');
    const kyiv2 = await solution(taskId, 'КИЇВ');
    const lone = await solution(taskId, 'ﬁve'); // the ligature ﬁ is "fi" under NFKC
    const five = await solution(taskId, 'FIVE');
    const other = await solution(taskId, 'something else');

    const groups = await groupsOf(taskId);
    expect(groups).toEqual([
      { answer: '  X  Y', count: 3, solutionIds: [xy1, xy2, xy3], autoVerdict: null },
      { answer: '４２', count: 2, solutionIds: [n1, n2], autoVerdict: null },
      { answer: 'Київ', count: 2, solutionIds: [kyiv1, kyiv2], autoVerdict: null },
      { answer: 'ﬁve', count: 2, solutionIds: [lone, five], autoVerdict: null },
      { answer: 'something else', count: 1, solutionIds: [other], autoVerdict: null },
    ]);
  });

  it('counts only typed answers waiting for review: photos, judged answers and empty answers stay out', async () => {
    const taskId = await newTask();
    const waiting = await solution(taskId, '7');
    await solution(taskId, '7', { imageKey: 'ab/photo-with-text.jpg' });
    await solution(taskId, '', { imageKey: 'ab/photo-only.jpg' });
    await solution(taskId, '7', { reviewed: true });
    expect(await groupsOf(taskId)).toEqual([{ answer: '7', count: 1, solutionIds: [waiting], autoVerdict: null }]);
    expect(await groupsOf(await newTask())).toEqual([]);
  });

  it('with a numeric key, groups equal values typed differently (5/6, 10/12, \\frac56) and gives each group the checker’s verdict', async () => {
    const taskId = await newTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'suggest' });
    const a = await solution(taskId, '5/6');
    const b = await solution(taskId, '10/12');
    const half1 = await solution(taskId, '1/2');
    const c = await solution(taskId, '\\frac{5}{6}');
    const d = await solution(taskId, '5 / 6');
    const half2 = await solution(taskId, '2/4');
    const near = await solution(taskId, '0.83');
    const half3 = await solution(taskId, '0.5');

    const groups = await groupsOf(taskId);
    expect(groups).toEqual([
      { answer: '5/6', count: 4, solutionIds: [a, b, c, d], autoVerdict: 'correct' },
      { answer: '1/2', count: 3, solutionIds: [half1, half2, half3], autoVerdict: 'incorrect' },
      { answer: '0.83', count: 1, solutionIds: [near], autoVerdict: 'incorrect' },
    ]);
    // Asked again (the queue does after each verdict), the same answer, from the checker's cache.
    expect(await groupsOf(taskId)).toEqual(groups);
  });

  it('with a tolerance, answers the key accepts stay apart unless equal to each other', async () => {
    const taskId = await newTask({ answerKind: 'number', answerKey: '5/6', tolerance: '0.01', checkMode: 'suggest' });
    const a = await solution(taskId, '0.83');
    const b = await solution(taskId, '0.834');
    const c = await solution(taskId, '83/100');
    const groups = await groupsOf(taskId);
    expect(groups).toEqual([
      { answer: '0.83', count: 2, solutionIds: [a, c], autoVerdict: 'correct' },
      { answer: '0.834', count: 1, solutionIds: [b], autoVerdict: 'correct' },
    ]);
  });

  it('with an expression or a text key, groups by the checker’s equality too', async () => {
    const expr = await newTask({ answerKind: 'expression', answerKey: 'x^2-1', checkMode: 'manual' });
    const e1 = await solution(expr, '(x-1)(x+1)');
    const e2 = await solution(expr, 'x^2 - 1');
    const e3 = await solution(expr, 'x^2+1');
    expect(await groupsOf(expr)).toEqual([
      { answer: '(x-1)(x+1)', count: 2, solutionIds: [e1, e2], autoVerdict: 'correct' },
      { answer: 'x^2+1', count: 1, solutionIds: [e3], autoVerdict: 'incorrect' },
    ]);
    const text = await newTask({ answerKind: 'text', answerKey: 'Київ', checkMode: 'suggest' });
    const t1 = await solution(text, ' київ');
    const t2 = await solution(text, 'Львів');
    const t3 = await solution(text, 'КИЇВ');
    expect(await groupsOf(text)).toEqual([
      { answer: ' київ', count: 2, solutionIds: [t1, t3], autoVerdict: 'correct' },
      { answer: 'Львів', count: 1, solutionIds: [t2], autoVerdict: 'incorrect' },
    ]);
  });

  it('stays bounded with many distinct answers: the largest are judged and merged, every answer is in exactly one group', async () => {
    const taskId = await newTask({ answerKind: 'number', answerKey: '5/6', checkMode: 'suggest' });
    const ids = [await solution(taskId, '5/6'), await solution(taskId, '10/12')];
    for (let i = 0; i < 60; i++) ids.push(await solution(taskId, `${i}/7`));
    const started = Date.now();
    const groups = await groupsOf(taskId);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(groups[0]).toEqual({ answer: '5/6', count: 2, solutionIds: ids.slice(0, 2), autoVerdict: 'correct' });
    expect(groups).toHaveLength(61);
    expect(groups.flatMap((g) => g.solutionIds).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(shape(groups).every(([count, , n]) => count === n)).toBe(true);
    // Beyond ANSWER_GROUPS_CHECKED_MAX distinct answers, a group keeps the verdict stored with its
    // answers (none here: inserted directly), so it says unsure rather than guess.
    expect(groups.at(-1)).toMatchObject({ answer: '59/7', autoVerdict: 'unsure' });
    expect(groups.slice(1, 39).every((g) => g.autoVerdict === 'incorrect')).toBe(true);
  });

  it("is for the task's group's teachers: another group's teacher 403, a student 403, an unknown or deleted task 404", async () => {
    const taskId = await newTask();
    await solution(taskId, 'secret answer');
    const ask = (token: string | undefined, id: number | string = taskId) =>
      t.app.inject({ method: 'GET', url: `/api/tasks/${id}/answer-groups`, headers: token ? bearer(token) : {} });
    expect((await ask(otherTeacher.token)).statusCode).toBe(403);
    const refused = await ask(student.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('secret answer');
    expect((await ask(undefined)).statusCode).toBe(401);
    expect((await ask(teacher.token, 999_999)).statusCode).toBe(404);
    expect((await ask(teacher.token, 'abc')).statusCode).toBe(400);
    await t.app.inject({ method: 'DELETE', url: `/api/tasks/${taskId}`, headers: bearer(teacher.token) });
    expect((await ask(teacher.token)).statusCode).toBe(404);
  });
});
