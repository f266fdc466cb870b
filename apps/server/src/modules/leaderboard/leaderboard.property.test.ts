import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCURACY_BONUS, SPEED_BONUSES, type AuthenticatedUser, type LeaderboardPeriod, type LeaderboardRow } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { LeaderboardService } from './leaderboard.service.js';

type Verdict = 'correct' | 'incorrect' | 'unreviewed';

interface History {
  students: { name: string; activated: boolean; member: boolean }[];
  tasks: { points: number; deleted: boolean }[];
  /** Attempted submissions; those breaking the one-open-solution rule are dropped before inserting. */
  submissions: { student: number; task: number; time: number; verdict: Verdict; insertKey: number }[];
}

interface StoredSolution {
  id: number;
  student: number;
  task: number;
  time: number;
  verdict: Verdict;
}

/** Saturday 21 November 2026, 14:00 in Kyiv: the week began Monday 16 Nov 00:00 (UTC+2), the month 1 Nov 00:00. */
const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const WEEK_START = Date.parse('2026-11-15T22:00:00.000Z');
const MONTH_START = Date.parse('2026-10-31T22:00:00.000Z');
const HOUR = 3_600_000;

const often = (p: number) => fc.integer({ min: 1, max: 100 }).map((n) => n <= p);
/** Mostly on a coarse grid (so students tie on submission time), sometimes right at a period's edge. */
const timeArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 220 }).map((k) => NOW - k * 8 * HOUR) },
  { weight: 1, arbitrary: fc.constantFrom(WEEK_START - 1, WEEK_START, MONTH_START - 1, MONTH_START) },
);
const historyArb: fc.Arbitrary<History> = fc.record({
  students: fc.array(
    fc.record({ name: fc.constantFrom('Anna', 'anna', 'Bohdan', 'Ірина', 'Іван', 'Ганна', 'Ґанна'), activated: often(85), member: often(85) }),
    { minLength: 1, maxLength: 7 },
  ),
  // Points of every value appear, but equal ones more often, so students tie above others (ranks 1, 1, 3).
  tasks: fc.array(fc.record({ points: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 })), deleted: often(20) }), { minLength: 1, maxLength: 4 }),
  submissions: fc.array(
    fc.record({
      student: fc.nat(),
      task: fc.nat(),
      time: timeArb,
      verdict: fc.constantFrom<Verdict>('correct', 'correct', 'incorrect', 'incorrect', 'unreviewed'),
      insertKey: fc.nat(),
    }),
    { maxLength: 40, size: 'medium' },
  ),
});

/** Always tried first: two students tie above a third (ranks 1, 1, 3), and a retry after an incorrect verdict. */
const tieAboveAnother: History = {
  students: [
    { name: 'Bohdan', activated: true, member: true },
    { name: 'Anna', activated: true, member: true },
    { name: 'Ірина', activated: true, member: true },
  ],
  tasks: [
    { points: 2, deleted: false },
    { points: 2, deleted: false },
  ],
  submissions: [
    { student: 0, task: 0, time: NOW - 2 * HOUR, verdict: 'correct', insertKey: 0 },
    { student: 1, task: 1, time: NOW - 3 * HOUR, verdict: 'correct', insertKey: 1 },
    { student: 2, task: 0, time: NOW - 4 * HOUR, verdict: 'incorrect', insertKey: 2 },
    { student: 2, task: 0, time: NOW - HOUR, verdict: 'correct', insertKey: 3 },
  ],
};

/**
 * Replays submissions in time order the way the app allows them: per student and task, times strictly
 * increase and nothing follows an unreviewed or correct solution.
 */
function allowedSubmissions(h: History): Omit<StoredSolution, 'id'>[] {
  const byTime = h.submissions
    .map((s) => ({ ...s, student: s.student % h.students.length, task: s.task % h.tasks.length }))
    .sort((a, b) => a.time - b.time);
  const last = new Map<string, { time: number; open: boolean }>();
  const out: (Omit<StoredSolution, 'id'> & { insertKey: number })[] = [];
  for (const s of byTime) {
    const key = `${s.student}/${s.task}`;
    const prev = last.get(key);
    if (prev && (prev.open || prev.time >= s.time)) continue;
    last.set(key, { time: s.time, open: s.verdict !== 'incorrect' });
    out.push(s);
  }
  // Insert out of time order so ids do not follow submission times.
  return out.sort((a, b) => a.insertKey - b.insertKey).map(({ student, task, time, verdict }) => ({ student, task, time, verdict }));
}

/** PRODUCT.md §7 recomputed naively, student by student and task by task. */
function expectedBoard(h: History, userIds: number[], solutions: StoredSolution[], since: number | null): LeaderboardRow[] {
  const earlier = (a: StoredSolution, b: StoredSolution) => a.time - b.time || a.id - b.id;
  const counted = h.students.map((s, i) => ({ ...s, i })).filter((s) => s.activated && s.member);
  const points = new Map<number, number>(counted.map((s) => [s.i, 0]));
  const solved = new Map<number, number>(counted.map((s) => [s.i, 0]));
  h.tasks.forEach((task, ti) => {
    if (task.deleted) return;
    const solvers: { student: number; solution: StoredSolution; firstTry: boolean }[] = [];
    for (const s of counted) {
      const mine = solutions.filter((x) => x.student === s.i && x.task === ti).sort(earlier);
      const firstCorrect = mine.find((x) => x.verdict === 'correct');
      if (firstCorrect) solvers.push({ student: s.i, solution: firstCorrect, firstTry: mine[0] === firstCorrect });
    }
    solvers.sort((a, b) => earlier(a.solution, b.solution));
    solvers.forEach((solver, place) => {
      if (since !== null && solver.solution.time < since) return;
      const earned = task.points + (solver.firstTry ? ACCURACY_BONUS : 0) + (SPEED_BONUSES[place] ?? 0);
      points.set(solver.student, (points.get(solver.student) ?? 0) + earned);
      solved.set(solver.student, (solved.get(solver.student) ?? 0) + 1);
    });
  });
  const rows = counted.map((s) => ({ userId: userIds[s.i]!, name: s.name, points: points.get(s.i)!, solved: solved.get(s.i)! }));
  const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
  return rows
    .map((r) => ({ rank: 1 + rows.filter((o) => o.points > r.points).length, ...r }))
    .sort((a, b) => a.rank - b.rank || collator.compare(a.name, b.name) || a.userId - b.userId);
}

describe.each(testDatabases())('leaderboard property on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let groupId = 0;
  let otherGroupId = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupId = (await createGroup(t)).id;
    otherGroupId = (await createGroup(t)).id;
    teacher = await createUser(t, { role: 'teacher', groupIds: [groupId] });
  });
  afterAll(async () => t.close());

  /** Empties the tables one run fills; the group and its teacher stay. */
  const clear = async () => {
    await t.db.deleteFrom('solutions').execute();
    await t.db.deleteFrom('tasks').execute();
    await t.db.deleteFrom('users').where('role', '=', 'student').execute();
  };

  const load = async (h: History) => {
    const userIds: number[] = [];
    for (const s of h.students) {
      const { user } = await createUser(t, { name: s.name, activated: s.activated, groupIds: [s.member ? groupId : otherGroupId] });
      userIds.push(user.id);
    }
    const taskIds: number[] = [];
    for (const task of h.tasks) {
      const row = await t.db
        .insertInto('tasks')
        .values({
          title: 'Task',
          text: 'Find $x$.',
          level: 'beginner',
          points: task.points,
          group_id: groupId,
          author_id: teacher.user.id,
          created_at: '2026-01-01T00:00:00.000Z',
          deleted_at: task.deleted ? '2026-01-02T00:00:00.000Z' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskIds.push(row.id);
    }
    const solutions: StoredSolution[] = [];
    for (const s of allowedSubmissions(h)) {
      const reviewed = s.verdict !== 'unreviewed';
      // Reviews come back in an order unrelated to submissions.
      const reviewedAt = new Date(NOW - ((s.time * 7919) % (90 * 24 * HOUR))).toISOString();
      const row = await t.db
        .insertInto('solutions')
        .values({
          task_id: taskIds[s.task]!,
          author_id: userIds[s.student]!,
          answer: 'x = 1',
          reviewed: reviewed ? 1 : 0,
          correct: s.verdict === 'correct' ? 1 : 0,
          created_at: new Date(s.time).toISOString(),
          reviewed_at: reviewed ? reviewedAt : null,
          reviewer_id: reviewed ? teacher.user.id : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      solutions.push({ id: row.id, ...s });
    }
    return { userIds, solutions };
  };

  it('equals a straightforward recomputation from the solutions, for every period', async () => {
    const service = new LeaderboardService(t.db, 'Europe/Kyiv', () => new Date(NOW));
    const actor = { ...(teacher.user as AuthenticatedUser), groups: [{ id: groupId, name: 'G' }] };
    const periods: [LeaderboardPeriod, number | null][] = [
      ['all', null],
      ['month', MONTH_START],
      ['week', WEEK_START],
    ];
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        await clear();
        const { userIds, solutions } = await load(h);
        for (const [period, since] of periods) {
          expect(await service.forGroup(actor, groupId, period), period).toEqual(expectedBoard(h, userIds, solutions, since));
        }
        // The HTTP answer is the same rows ('all' does not depend on today's date).
        const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard?groupId=${groupId}&period=all`, headers: bearer(teacher.token) });
        expect(res.json()).toEqual(expectedBoard(h, userIds, solutions, null));
      }),
      { numRuns: dialect === 'sqlite' ? 40 : 20, examples: [[tieAboveAnother]] },
    );
  });
});
