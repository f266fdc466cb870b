/**
 * POST /api/solutions/review at a class's scale (PRODUCT.md §15): 200 ids at most, all or
 * nothing, the board moved by one write, and each student told once as with a single verdict.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEW_MANY_MAX, type LeaderboardRow } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('a whole class judged at once on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Caller;
  let students: Caller[];
  let seconds = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    students = [];
    for (let i = 0; i < REVIEW_MANY_MAX + 1; i++) students.push(await createUser(t, { groupIds: [group.id] }));
  }, 120_000);
  afterAll(async () => t.close());

  const newTask = async (groupId = group.id) =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: groupId, author_id: teacher.user.id, image_key: null, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** One waiting answer per student, in this order of arrival. */
  const answers = async (taskId: number, who: Caller[]) => {
    const rows = who.map((s) => ({
      task_id: taskId,
      author_id: s.user.id,
      answer: '42',
      image_key: null,
      reviewed: 0,
      correct: 0,
      feedback: null,
      created_at: new Date(Date.UTC(2026, 10, 20) + ++seconds * 1000).toISOString(),
      reviewed_at: null,
      reviewer_id: null,
    }));
    return (await t.db.insertInto('solutions').values(rows).returning('id').execute()).map((r) => r.id);
  };
  const reviewMany = (payload: object) => t.app.inject({ method: 'POST', url: '/api/solutions/review', headers: bearer(teacher.token), payload });
  const board = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${group.id}&period=all`, headers: bearer(teacher.token) })).json<LeaderboardRow[]>();
  const reviewedCount = async (ids: number[]) =>
    Number((await t.db.selectFrom('solutions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('id', 'in', ids).where('reviewed', '=', 1).executeTakeFirstOrThrow()).n);

  it('takes 1–200 ids: 201 is a 400 naming ids, and nothing changes', async () => {
    const ids = await answers(await newTask(), students);
    const res = await reviewMany({ ids, correct: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: { ids: 'review.error.idsTooMany' } });
    expect(await reviewedCount(ids)).toBe(0);
    // The same with duplicates: the limit is on what is sent.
    expect((await reviewMany({ ids: [...ids.slice(0, 100), ...ids.slice(0, 101)], correct: true })).statusCode).toBe(400);
    expect(await reviewedCount(ids)).toBe(0);
  });

  it("is all or nothing: 199 of ours and one of another group's is a 404 and changes none", async () => {
    const ids = await answers(await newTask(), students.slice(0, REVIEW_MANY_MAX - 1));
    const otherGroup = await createGroup(t);
    const outsider = await createUser(t, { groupIds: [otherGroup.id] });
    const [foreign] = await answers(await newTask(otherGroup.id), [outsider]);
    const boardBefore = await board();
    for (const extra of [foreign!, 2_147_483_000]) {
      const res = await reviewMany({ ids: [...ids, extra], correct: true, feedback: 'All good' });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await reviewedCount([...ids, foreign!])).toBe(0);
    expect(await board()).toEqual(boardBefore);
    expect(await t.db.selectFrom('notifications').select('id').where('kind', '=', 'solution.judged').where('user_id', 'in', students.map((s) => s.user.id)).execute()).toEqual([]);
  });

  it('judges 200 with one write: the board changes once, each student is told once, with a live event each', async () => {
    const taskId = await newTask();
    const who = students.slice(0, REVIEW_MANY_MAX);
    const ids = await answers(taskId, who);
    const before = await board();
    const judged = vi.spyOn(t.app.live, 'solutionsJudged');
    const firstEvent = Number((await t.db.selectFrom('live_events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);

    const res = await reviewMany({ ids, correct: true, feedback: 'Well done' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: REVIEW_MANY_MAX });

    // One statement wrote every verdict: one review time for all of them, so no reader ever saw part of the batch.
    const times = await t.db.selectFrom('solutions').select('reviewed_at').distinct().where('id', 'in', ids).execute();
    expect(times).toHaveLength(1);
    // Announced once, for all of them together (the single verdict's path, with 200 solutions).
    expect(judged).toHaveBeenCalledTimes(1);
    expect(judged.mock.calls[0]![0]).toHaveLength(REVIEW_MANY_MAX);
    judged.mockRestore();

    const after = await board();
    const rowsOf = (rows: LeaderboardRow[]) => new Map(rows.map((r) => [r.userId, r]));
    const beforeRows = rowsOf(before);
    for (const s of who) {
      const row = rowsOf(after).get(s.user.id)!;
      expect(row.solved - (beforeRows.get(s.user.id)?.solved ?? 0)).toBe(1);
      // 2 points, +1 first try; the first three by submission time +3, +2, +1.
      expect(row.points - (beforeRows.get(s.user.id)?.points ?? 0)).toBeGreaterThanOrEqual(3);
    }

    // Each student: one notification of the verdict (with the feedback) and one live event of it.
    const notes = await t.db.selectFrom('notifications').select(['user_id', 'payload']).where('kind', '=', 'solution.judged').where('user_id', 'in', who.map((s) => s.user.id)).execute();
    expect(notes).toHaveLength(REVIEW_MANY_MAX);
    expect(new Set(notes.map((n) => n.user_id)).size).toBe(REVIEW_MANY_MAX);
    expect(notes.every((n) => (JSON.parse(n.payload) as { feedback: string; correct: boolean }).feedback === 'Well done')).toBe(true);
    const events = await t.db
      .selectFrom('live_events')
      .select(['audience_id'])
      .where('id', '>', firstEvent)
      .where('kind', '=', 'solution.judged')
      .where('audience', '=', 'user')
      .execute();
    expect(events).toHaveLength(REVIEW_MANY_MAX);
    expect(new Set(events.map((e) => e.audience_id)).size).toBe(REVIEW_MANY_MAX);

    // Judged again (a changed mind): still one notification more per student, not more.
    const again = await reviewMany({ ids, correct: false });
    expect(again.statusCode, again.body).toBe(200);
    const notesAfter = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'solution.judged').where('user_id', 'in', who.map((s) => s.user.id)).execute();
    expect(notesAfter).toHaveLength(2 * REVIEW_MANY_MAX);
  }, 60_000);
});
