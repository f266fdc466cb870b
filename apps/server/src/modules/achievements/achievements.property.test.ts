import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_STREAKS, FIRST_TRY_STREAKS, SOLVED_MILESTONES, type Achievements } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createUser } from '../../test/fixtures.js';
import { AchievementsService } from './achievements.service.js';

type Verdict = 'correct' | 'incorrect' | 'unreviewed';

interface TaskHistory {
  created: number;
  deleted: boolean;
  /** Attempts oldest first: every one but the last judged incorrect (one open answer at a time). */
  attempts: { time: number; verdict: Verdict }[];
}

const ZONE = 'Europe/Kyiv';
/** Wednesday 25 November 2026, 12:00 UTC. */
const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;

/** Times on a coarse grid over five weeks, so days repeat, follow each other and tie. */
const timeArb = fc.oneof(
  fc.integer({ min: 0, max: 35 * 4 }).map((k) => NOW - k * 6 * HOUR),
  // Often within the last week, so days in a row happen.
  fc.integer({ min: 0, max: 7 * 4 }).map((k) => NOW - k * 6 * HOUR),
);
const taskArb: fc.Arbitrary<TaskHistory> = fc
  .record({
    created: timeArb,
    deleted: fc.integer({ min: 1, max: 10 }).map((n) => n === 1),
    // Mostly one answer per task, so first tries in a row happen too.
    times: fc.oneof({ weight: 3, arbitrary: fc.array(timeArb, { minLength: 1, maxLength: 1 }) }, { weight: 2, arbitrary: fc.array(timeArb, { maxLength: 3 }) }),
    last: fc.constantFrom<Verdict>('correct', 'correct', 'incorrect', 'unreviewed'),
  })
  .map(({ created, deleted, times, last }) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { created, deleted, attempts: sorted.map((time, i) => ({ time, verdict: i === sorted.length - 1 ? last : 'incorrect' })) };
  });

// The straightforward reading of the rules (PRODUCT.md §12), written apart from the service.
const kyivDay = (t: number) => new Date(t).toLocaleDateString('en-CA', { timeZone: ZONE });
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
const mondayOf = (day: string) => {
  const noon = Date.parse(`${day}T12:00:00Z`);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7;
  return new Date(noon - weekday * 24 * HOUR).toISOString().slice(0, 10);
};

function recompute(tasks: TaskHistory[]): Achievements {
  const live = tasks.map((t, id) => ({ ...t, id })).filter((t) => !t.deleted);
  const earned: { code: string; earnedAt: number }[] = [];
  const solved = live
    .filter((t) => t.attempts.some((a) => a.verdict === 'correct'))
    .map((t) => ({ id: t.id, at: t.attempts.find((a) => a.verdict === 'correct')!.time }))
    .sort((a, b) => a.at - b.at || a.id - b.id);
  for (const n of SOLVED_MILESTONES) if (solved.length >= n) earned.push({ code: `solved_${n}`, earnedAt: solved[n - 1]!.at });

  const weeks = new Map<string, number[]>();
  for (const t of live) weeks.set(mondayOf(kyivDay(t.created)), [...(weeks.get(mondayOf(kyivDay(t.created))) ?? []), t.id]);
  let week: number | undefined;
  for (const ids of weeks.values()) {
    const times = ids.map((id) => solved.find((s) => s.id === id)?.at);
    if (times.every((x) => x !== undefined)) {
      const done = Math.max(...(times as number[]));
      if (week === undefined || done < week) week = done;
    }
  }
  if (week !== undefined) earned.push({ code: 'week_complete', earnedAt: week });

  const firsts = live
    .filter((t) => t.attempts.length > 0 && t.attempts[0]!.verdict !== 'unreviewed')
    .map((t) => ({ id: t.id, at: t.attempts[0]!.time, right: t.attempts[0]!.verdict === 'correct' }))
    .sort((a, b) => a.at - b.at || a.id - b.id);
  let run = 0;
  let best = 0;
  const firstTryDone = new Set<number>();
  for (const f of firsts) {
    run = f.right ? run + 1 : 0;
    best = Math.max(best, run);
    for (const n of FIRST_TRY_STREAKS) {
      if (run === n && !firstTryDone.has(n)) {
        firstTryDone.add(n);
        earned.push({ code: `first_try_${n}`, earnedAt: f.at });
      }
    }
  }

  const days = [...new Set(solved.map((s) => kyivDay(s.at)))].sort();
  let dayRun = 0;
  let bestDays = 0;
  let previous = '';
  const dayDone = new Set<number>();
  for (const day of days) {
    dayRun = previous && nextDay(previous) === day ? dayRun + 1 : 1;
    previous = day;
    bestDays = Math.max(bestDays, dayRun);
    for (const n of DAY_STREAKS) {
      if (dayRun === n && !dayDone.has(n)) {
        dayDone.add(n);
        earned.push({ code: `days_${n}`, earnedAt: Math.min(...solved.filter((s) => kyivDay(s.at) === day).map((s) => s.at)) });
      }
    }
  }
  const today = kyivDay(NOW);
  const current = previous && (previous === today || nextDay(previous) === today) ? dayRun : 0;
  return {
    achievements: earned.sort((a, b) => a.earnedAt - b.earnedAt).map((e) => ({ code: e.code as Achievements['achievements'][number]['code'], earnedAt: new Date(e.earnedAt).toISOString() })),
    streaks: { days: { current, best: bestDays }, firstTry: { current: run, best } },
  };
}

describe.each(testDatabases())('achievements on %s: the SQL and the rules agree with a straightforward recomputation', (dialect) => {
  let t: TestApp;
  let teacherId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacherId = (await createUser(t, { role: 'teacher' })).user.id;
  });
  afterAll(async () => t.close());

  it('for any history of answers and verdicts', async () => {
    const service = new AchievementsService(t.db, ZONE);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(taskArb, { minLength: 1, maxLength: 16 }), async (tasks) => {
        const group = await createGroup(t);
        const student = (await createUser(t, { groupIds: [group.id] })).user.id;
        for (const task of tasks) {
          const taskId = (
            await t.db
              .insertInto('tasks')
              .values({ title: 'T', text: 'x', level: 'beginner', points: 1, group_id: group.id, author_id: teacherId, image_key: null, created_at: new Date(task.created).toISOString(), deleted_at: task.deleted ? new Date(NOW).toISOString() : null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          for (const a of task.attempts) {
            await t.db
              .insertInto('solutions')
              .values({ task_id: taskId, author_id: student, answer: '1', image_key: null, reviewed: a.verdict === 'unreviewed' ? 0 : 1, correct: a.verdict === 'correct' ? 1 : 0, feedback: null, created_at: new Date(a.time).toISOString(), reviewed_at: null, reviewer_id: null })
              .execute();
          }
        }
        const got = await service.of(student, [group.id], new Date(NOW));
        expect(got).toEqual(recompute(tasks));
        for (const a of got.achievements) seen.add(a.code);
      }),
      { numRuns: 80, seed: 18 },
    );
    // Not vacuous: the histories reach every kind of rule.
    for (const code of ['solved_1', 'solved_5', 'week_complete', 'first_try_3', 'days_3']) expect(seen, code).toContain(code);
  });
});
