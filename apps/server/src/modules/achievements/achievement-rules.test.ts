import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAchievements, schoolDay, type GroupTask, type TaskAttempts } from './achievement-rules.js';

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

describe('schoolDay', () => {
  const direct = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  // Offsets of a quarter (Kathmandu +5:45, Chatham +12:45), a half (Kolkata, St John's, Lord Howe's
  // half-hour daylight saving) and whole hours with daylight saving (Kyiv, New York).
  const zones = ['Europe/Kyiv', 'Asia/Kathmandu', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', 'Australia/Lord_Howe', 'America/New_York', 'UTC'];

  it("is the day Intl gives for any instant, in zones whose offsets are quarters or halves of an hour (worked out once per UTC quarter hour)", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom(...zones), (date, zone) => {
        const iso = date.toISOString();
        expect(schoolDay(iso, zone)).toBe(direct(iso, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('is right on both sides of a local midnight inside one UTC hour', () => {
    // Kathmandu (+5:45): local midnight is 18:15 UTC.
    expect(schoolDay('2026-11-26T18:14:59.999Z', 'Asia/Kathmandu')).toBe('2026-11-26');
    expect(schoolDay('2026-11-26T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-27');
    expect(schoolDay('2026-11-26T18:00:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-26');
    // Not a stored instant's form: formatted directly.
    expect(schoolDay('2026-11-26T23:30:00+02:00', 'Europe/Kyiv')).toBe('2026-11-26');
  });
});
