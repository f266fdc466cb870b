/**
 * Saved comments (PRODUCT.md §15): GET/POST/DELETE /api/feedback-snippets and snippetId on a
 * verdict (PUT /api/solutions/{id}, POST /api/solutions/review).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_SNIPPET_ERRORS, FEEDBACK_SNIPPETS_PER_TEACHER, feedbackSnippetSchema, type FeedbackSnippet } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('saved comments on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Caller;
  let student: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', name: 'Olena', groupIds: [group.id] });
    student = await createUser(t, { groupIds: [group.id] });
  });
  afterAll(async () => t.close());

  const list = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/feedback-snippets', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FeedbackSnippet[]>();
  };
  const create = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/feedback-snippets', headers: bearer(token), payload: payload as object });
  const created = async (token: string, text: string) => {
    const res = await create(token, { text });
    expect(res.statusCode, res.body).toBe(201);
    return feedbackSnippetSchema.parse(res.json());
  };
  const remove = (token: string, id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/feedback-snippets/${id}`, headers: bearer(token) });
  const newTeacher = () => createUser(t, { role: 'teacher', groupIds: [group.id] });
  /** A waiting typed answer of a fresh student to a fresh task of the group. */
  const waitingSolution = async (): Promise<number> => {
    const task = await t.db
      .insertInto('tasks')
      .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: group.id, author_id: teacher.user.id, image_key: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const author = await createUser(t, { groupIds: [group.id] });
    const row = await t.db
      .insertInto('solutions')
      .values({ task_id: task.id, author_id: author.user.id, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const review = (token: string, id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/solutions/${id}`, headers: bearer(token), payload });
  const usesOf = async (id: number) => Number((await t.db.selectFrom('feedback_snippets').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses);
  const solutionState = async (id: number) => {
    const r = await t.db.selectFrom('solutions').select(['reviewed', 'correct', 'feedback']).where('id', '=', id).executeTakeFirstOrThrow();
    return { reviewed: Number(r.reviewed), correct: Number(r.correct), feedback: r.feedback };
  };

  it('saves a comment as typed (trimmed, math kept) and lists only the caller’s own', async () => {
    const me = await newTeacher();
    const other = await newTeacher();
    const math = await created(me.token, '  Check the sign: $x^2 - 1 = (x-1)(x+1)$ \\frac{1}{2} ');
    expect(math).toEqual({ id: expect.any(Number), text: 'Check the sign: $x^2 - 1 = (x-1)(x+1)$ \\frac{1}{2}', uses: 0 });
    await created(other.token, 'Not yours');
    expect(await list(me.token)).toEqual([math]);
    expect((await list(other.token)).map((s) => s.text)).toEqual(['Not yours']);
  });

  it('takes 1 to 500 characters after trimming, else 400 with validationErrors.text', async () => {
    const me = await newTeacher();
    expect((await created(me.token, 'x')).text).toBe('x');
    expect((await created(me.token, 'я'.repeat(500))).text).toHaveLength(500);
    expect((await created(me.token, ` ${'y'.repeat(500)}  `)).text).toHaveLength(500);
    const cases: [unknown, string][] = [
      [{ text: '' }, FEEDBACK_SNIPPET_ERRORS.required],
      [{ text: '   \n ' }, FEEDBACK_SNIPPET_ERRORS.required],
      [{ text: 'z'.repeat(501) }, FEEDBACK_SNIPPET_ERRORS.tooLong],
      [{}, FEEDBACK_SNIPPET_ERRORS.required],
      [{ text: 42 }, FEEDBACK_SNIPPET_ERRORS.required],
    ];
    for (const [payload, key] of cases) {
      const res = await create(me.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: { text: key } });
    }
    expect(await list(me.token)).toHaveLength(3);
  });

  it('keeps at most 100 per teacher: the 101st is a 400 SNIPPET_LIMIT in en and uk, and a deletion makes room', async () => {
    const me = await newTeacher();
    await t.db
      .insertInto('feedback_snippets')
      .values(Array.from({ length: FEEDBACK_SNIPPETS_PER_TEACHER - 1 }, (_, i) => ({ teacher_id: me.user.id, text: `c${i}`, uses: 0, created_at: nowIso() })))
      .execute();
    const hundredth = await created(me.token, 'the hundredth');
    const en = await t.app.inject({ method: 'POST', url: '/api/feedback-snippets', headers: { ...bearer(me.token), 'accept-language': 'en' }, payload: { text: 'one more' } });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json()).toEqual({ statusCode: 400, code: 'SNIPPET_LIMIT', message: expect.stringMatching(/100 saved comments/), validationErrors: { text: FEEDBACK_SNIPPET_ERRORS.limit } });
    const uk = await t.app.inject({ method: 'POST', url: '/api/feedback-snippets', headers: { ...bearer(me.token), 'accept-language': 'uk' }, payload: { text: 'one more' } });
    expect(uk.json()).toMatchObject({ code: 'SNIPPET_LIMIT', message: expect.stringMatching(/100 збережених коментарів/) });
    expect(await list(me.token)).toHaveLength(FEEDBACK_SNIPPETS_PER_TEACHER);
    // Another teacher's count is their own.
    expect((await create((await newTeacher()).token, { text: 'mine' })).statusCode).toBe(201);
    expect((await remove(me.token, hundredth.id)).statusCode).toBe(204);
    expect((await create(me.token, { text: 'now it fits' })).statusCode).toBe(201);
  });

  it('never lets two saves at once pass the cap', async () => {
    const me = await newTeacher();
    await t.db
      .insertInto('feedback_snippets')
      .values(Array.from({ length: FEEDBACK_SNIPPETS_PER_TEACHER - 2 }, (_, i) => ({ teacher_id: me.user.id, text: `c${i}`, uses: 0, created_at: nowIso() })))
      .execute();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(me.token, { text: `race ${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect(await list(me.token)).toHaveLength(FEEDBACK_SNIPPETS_PER_TEACHER);
  });

  it('deletes only the caller’s own: another teacher’s or an unknown id is a 404 and stays', async () => {
    const me = await newTeacher();
    const other = await newTeacher();
    const theirs = await created(other.token, 'theirs');
    const mine = await created(me.token, 'mine');
    expect((await remove(me.token, theirs.id)).statusCode).toBe(404);
    expect((await remove(me.token, 999_999)).statusCode).toBe(404);
    expect((await remove(me.token, 'abc')).statusCode).toBe(400);
    expect(await list(other.token)).toEqual([theirs]);
    const gone = await remove(me.token, mine.id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await remove(me.token, mine.id)).statusCode).toBe(404);
    expect(await list(me.token)).toEqual([]);
  });

  it('refuses students (403) on every route', async () => {
    const theirs = await created(teacher.token, 'for students? no');
    expect((await t.app.inject({ method: 'GET', url: '/api/feedback-snippets', headers: bearer(student.token) })).statusCode).toBe(403);
    expect((await create(student.token, { text: 'x' })).statusCode).toBe(403);
    expect((await remove(student.token, theirs.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/feedback-snippets' })).statusCode).toBe(401);
  });

  it('puts a comment in a verdict: its text is the feedback unless feedback is sent, and uses grows by one each time', async () => {
    const comment = await created(teacher.token, 'Mind the units: $\\text{m}/\\text{s}$');
    const first = await waitingSolution();
    const res = await review(teacher.token, first, { correct: false, reviewed: true, snippetId: comment.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewed: true, correct: false, feedback: 'Mind the units: $\\text{m}/\\text{s}$' });
    expect(await usesOf(comment.id)).toBe(1);

    // Feedback sent too wins; the use still counts.
    const second = await waitingSolution();
    const own = await review(teacher.token, second, { correct: false, reviewed: true, snippetId: comment.id, feedback: ' My own words ' });
    expect(own.json()).toMatchObject({ feedback: 'My own words' });
    expect(await usesOf(comment.id)).toBe(2);

    // The student is told the comment's text with the verdict.
    const author = (await t.db.selectFrom('solutions').select('author_id').where('id', '=', first).executeTakeFirstOrThrow()).author_id;
    const told = await t.db.selectFrom('notifications').select('payload').where('user_id', '=', author).where('kind', '=', 'solution.judged').execute();
    expect(told.map((n) => JSON.parse(n.payload) as { feedback: string }).map((p) => p.feedback)).toEqual(['Mind the units: $\\text{m}/\\text{s}$']);
  });

  it('a foreign or unknown snippetId is a 404 and changes nothing: no verdict, no use', async () => {
    const other = await newTeacher();
    const theirs = await created(other.token, 'theirs');
    const id = await waitingSolution();
    const before = await solutionState(id);
    for (const snippetId of [theirs.id, 999_999]) {
      const res = await review(teacher.token, id, { correct: true, reviewed: true, feedback: 'x', snippetId });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await solutionState(id)).toEqual(before);
    expect(await usesOf(theirs.id)).toBe(0);
    const bulk = await t.app.inject({ method: 'POST', url: '/api/solutions/review', headers: bearer(teacher.token), payload: { ids: [id], correct: true, snippetId: theirs.id } });
    expect(bulk.statusCode, bulk.body).toBe(404);
    expect(await solutionState(id)).toEqual(before);
    for (const snippetId of [0, -1, 'x', 2_147_483_648]) {
      expect((await review(teacher.token, id, { correct: true, reviewed: true, snippetId })).statusCode).toBe(400);
    }
  });

  it('a verdict refused for another reason counts no use (one transaction)', async () => {
    const comment = await created(teacher.token, 'counted once');
    const otherGroupTeacher = await createUser(t, { role: 'teacher', groupIds: [(await createGroup(t)).id] });
    const id = await waitingSolution();
    // Another group's teacher cannot use our comment nor judge our solution.
    expect((await review(otherGroupTeacher.token, id, { correct: true, reviewed: true, snippetId: comment.id })).statusCode).toBe(404);
    expect(await usesOf(comment.id)).toBe(0);
  });

  it('one comment for a whole group of answers (bulk) counts one use', async () => {
    const comment = await created(teacher.token, 'Same mistake as the others');
    const ids = [await waitingSolution(), await waitingSolution(), await waitingSolution()];
    const res = await t.app.inject({ method: 'POST', url: '/api/solutions/review', headers: bearer(teacher.token), payload: { ids, correct: false, snippetId: comment.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    for (const id of ids) expect((await solutionState(id)).feedback).toBe('Same mistake as the others');
    expect(await usesOf(comment.id)).toBe(1);
  });

  it('lists most used first, then newest', async () => {
    const me = await newTeacher();
    const a = await created(me.token, 'a (oldest)');
    const b = await created(me.token, 'b');
    const c = await created(me.token, 'c (newest)');
    const d = await created(me.token, 'd');
    // Same created_at for the newest pair would be ambiguous: spread the times out.
    for (const [s, at] of [[a, '2026-01-01T00:00:00.000Z'], [b, '2026-01-02T00:00:00.000Z'], [d, '2026-01-03T00:00:00.000Z'], [c, '2026-01-04T00:00:00.000Z']] as const) {
      await t.db.updateTable('feedback_snippets').set({ created_at: at }).where('id', '=', s.id).execute();
    }
    const judgeWith = async (s: FeedbackSnippet) => {
      const id = await waitingSolution();
      const res = await review(me.token, id, { correct: true, reviewed: true, snippetId: s.id });
      expect(res.statusCode, res.body).toBe(200);
    };
    await judgeWith(b);
    await judgeWith(b);
    await judgeWith(a);
    expect((await list(me.token)).map((s) => [s.text, s.uses])).toEqual([
      ['b', 2],
      ['a (oldest)', 1],
      ['c (newest)', 0],
      ['d', 0],
    ]);
  });
});
