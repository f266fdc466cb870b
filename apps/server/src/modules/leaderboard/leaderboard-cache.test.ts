import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTokenReader } from '../../db/change-tokens.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { LeaderboardCache } from './leaderboard-cache.js';
import { groupTotals } from './leaderboard.repository.js';

describe.each(testDatabases())('boards patched by task on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('after any answers, verdicts, deletions, renames, members turned off and tasks edited or deleted equals computing the board whole', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const students = await Promise.all([0, 1, 2, 3].map(() => createUser(t, { groupIds: [group.id] })));
    const newTask = () => createTaskRow(t, group.id, teacher.user.id);
    const tasks = [await newTask(), await newTask(), await newTask()];
    const cache = new LeaderboardCache(t.db);
    // Bounded to a few contributions: the group is let go and read whole again, and must still be right.
    const small = new LeaderboardCache(t.db, 3);
    const tokens = changeTokenReader(t.db);
    // Answers spread over five weeks before "now", so the month and week totals differ from all time.
    const now = Date.parse('2026-11-27T12:00:00Z');
    const starts = { month: '2026-10-31T22:00:00.000Z', week: '2026-11-22T22:00:00.000Z' };
    const step = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('answer' as const), student: fc.nat(3), task: fc.nat(9), daysAgo: fc.nat(35), correct: fc.boolean() }), weight: 5 },
      { arbitrary: fc.record({ kind: fc.constant('verdict' as const), pick: fc.nat(99), correct: fc.boolean() }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(99) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('rename' as const), student: fc.nat(3) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('toggle' as const), student: fc.nat(3) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('points' as const), task: fc.nat(9), points: fc.integer({ min: 1, max: 5 }) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('task' as const), deleteOne: fc.boolean() }), weight: 1 },
    );
    let tick = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const solutions = await t.db.selectFrom('solutions').select('id').where('task_id', 'in', tasks).orderBy('id').execute();
          if (s.kind === 'answer') {
            const at = new Date(now - s.daysAgo * 86_400_000 + ++tick).toISOString();
            await t.db
              .insertInto('solutions')
              .values({ task_id: tasks[s.task % tasks.length]!, author_id: students[s.student]!.user.id, answer: 'a', reviewed: 1, correct: s.correct ? 1 : 0, created_at: at })
              .execute()
              .catch(() => undefined); // a second open or correct answer is refused by the unique index: fine
          } else if (s.kind === 'verdict' && solutions.length > 0) {
            await t.db
              .updateTable('solutions')
              .set({ reviewed: 1, correct: s.correct ? 1 : 0 })
              .where('id', '=', solutions[s.pick % solutions.length]!.id)
              .execute()
              .catch(() => undefined);
          } else if (s.kind === 'delete' && solutions.length > 0) {
            await t.db.deleteFrom('solutions').where('id', '=', solutions[s.pick % solutions.length]!.id).execute();
          } else if (s.kind === 'rename') {
            await t.db.updateTable('users').set({ name: `Student ${++tick}` }).where('id', '=', students[s.student]!.user.id).execute();
          } else if (s.kind === 'toggle') {
            const user = await t.db.selectFrom('users').select('activated').where('id', '=', students[s.student]!.user.id).executeTakeFirstOrThrow();
            await t.db.updateTable('users').set({ activated: user.activated === 1 ? 0 : 1 }).where('id', '=', students[s.student]!.user.id).execute();
          } else if (s.kind === 'points') {
            await t.db.updateTable('tasks').set({ points: s.points }).where('id', '=', tasks[s.task % tasks.length]!).execute();
          } else if (s.kind === 'task') {
            if (s.deleteOne && tasks.length > 2) await t.db.updateTable('tasks').set({ deleted_at: new Date().toISOString() }).where('id', '=', tasks.pop()!).execute();
            else if (tasks.length < 6) tasks.push(await newTask());
          }
        }
        const byId = (rows: { userId: number }[]) => [...rows].sort((a, b) => a.userId - b.userId);
        const base = await tokens({ tasksOf: [group.id] });
        const whole = byId(await groupTotals(t.db, group.id, starts));
        expect(byId(await cache.totals(group.id, starts, base))).toEqual(whole);
        expect(byId(await small.totals(group.id, starts, base))).toEqual(whole);
      }),
      { numRuns: 30 },
    );
  });
});
