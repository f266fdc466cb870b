/**
 * Achievements and streaks for students (PRODUCT.md §12): the rules and their thresholds, like the
 * bonuses. The server computes them from the solutions, the arena shows them with the date earned,
 * and the landing and leaderboard pages list them from these same numbers.
 */

/** Distinct tasks judged correct: one achievement per threshold (the first is "first correct answer"). */
export const SOLVED_MILESTONES = [1, 5, 25, 100] as const;
/** Tasks in a row whose first attempt was correct (ordered by first attempt). */
export const FIRST_TRY_STREAKS = [3, 10] as const;
/** Days in a row (school time zone) with at least one answer that was judged correct. */
export const DAY_STREAKS = [3, 7, 30] as const;

/** Every achievement a student can earn, in the order the arena shows them. */
export const ACHIEVEMENT_CODES = [
  ...SOLVED_MILESTONES.map((n) => `solved_${n}` as const),
  'week_complete',
  ...FIRST_TRY_STREAKS.map((n) => `first_try_${n}` as const),
  ...DAY_STREAKS.map((n) => `days_${n}` as const),
] as const;
export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];

/** How long a user's notifications are kept (PRODUCT.md §12). */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The newest this many notifications are listed. */
export const NOTIFICATIONS_LIST_MAX = 50;
/** How long live events stay available to a stream that resumes with Last-Event-ID. */
export const LIVE_EVENT_RETENTION_HOURS = 24;
/** A comment line on every open event stream this often, so proxies keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;
