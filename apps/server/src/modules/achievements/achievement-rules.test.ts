import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAchievements, type GroupTask, type TaskAttempts } from './achievement-rules.js';

const ZONE = 'Europe/Kyiv';
const NOW = new Date('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;
const timeArb = fc.integer({ min: 0, max: 20 * 4 }).map((k) => new Date(NOW.getTime() - k * 6 * HOUR).toISOString());

/** A task the student answered: the first answer waiting, judged wrong, or right; maybe solved by a retry. */
const attemptsArb = fc.uniqueArray(
  fc.record({ taskId: fc.integer({ min: 1, max: 12 }), firstAt: timeArb, first: fc.constantFrom('waiting', 'incorrect', 'correct'), retryAt: fc.option(timeArb) }),
  { selector: (a) => a.taskId, maxLength: 12 },
).map((list) =>
  list.map(
    ({ taskId, firstAt, first, retryAt }): TaskAttempts => ({
      taskId,
      firstAt,
      firstReviewed: first !== 'waiting',
      firstCorrect: first === 'correct',
      solvedAt: first === 'correct' ? firstAt : first === 'incorrect' && retryAt && retryAt > firstAt ? retryAt : null,
    }),
  ),
);

const codes = (attempts: TaskAttempts[], tasks: GroupTask[]) => new Set(computeAchievements(attempts, tasks, ZONE, NOW).achievements.map((a) => a.code));

describe('achievement rules', () => {
  /**
   * Why a verdict of "incorrect" skips the achievements' queries (live-announcer.ts): judging an
   * answer wrong, whether it waited or was judged right before, never earns anything new.
   */
  it('a verdict of incorrect earns no achievement (property)', () => {
    fc.assert(
      fc.property(attemptsArb, fc.nat(), (attempts, pick) => {
        fc.pre(attempts.length > 0);
        const tasks: GroupTask[] = attempts.map((a) => ({ id: a.taskId, createdAt: a.firstAt }));
        const i = pick % attempts.length;
        const a = attempts[i]!;
        // The answer judged: the first one if it waits or was the correct one, else the correct retry.
        const judged: TaskAttempts = !a.firstReviewed || a.firstCorrect ? { ...a, firstReviewed: true, firstCorrect: false, solvedAt: null } : { ...a, solvedAt: null };
        const after = attempts.with(i, judged);
        const before = codes(attempts, tasks);
        for (const code of codes(after, tasks)) expect(before.has(code), code).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
