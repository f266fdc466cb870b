import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Achievements, AuthenticatedUser } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { requireAccess, taskScope } from '../access/access.policy.js';
import { computeAchievements } from './achievement-rules.js';
import * as repo from './achievements.repository.js';

/** Students whose answers one query reads when many are announced at once. */
const ATTEMPTS_CHUNK = 5;

/** Achievements and streaks of students, computed from their solutions (PRODUCT.md §12). */
export class AchievementsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly timeZone: string,
  ) {}

  /** The caller's own achievements (students only). */
  async mine(actor: AuthenticatedUser): Promise<Achievements> {
    requireAccess(actor, 'achievement.read');
    return this.of(actor.id, taskScope(actor).groupIds);
  }

  /** A student's achievements now, from the solutions of live tasks. */
  async of(studentId: number, groupIds: readonly number[], now = new Date()): Promise<Achievements> {
    const [attempts, tasks] = await Promise.all([repo.attemptsOf(this.db, studentId), repo.groupTasks(this.db, groupIds)]);
    return computeAchievements(attempts, tasks, this.timeZone, now);
  }

  /** The student's achievements not announced before (each is announced once, ever). */
  async newlyEarned(studentId: number): Promise<string[]> {
    return (await this.newlyEarnedMany([studentId])).get(studentId) ?? [];
  }

  /**
   * newlyEarned for many students (a bulk verdict's): the students' answers are read 25 students a
   * query, the rest in four queries for all, instead of four queries per student; the rules run per
   * student as for one. Between chunks the event loop is let through: on SQLite each query runs
   * synchronously, and a class's reads must not wait for all 200 students. Keyed by student id
   * (absent: nothing new).
   */
  async newlyEarnedMany(studentIds: readonly number[], now = new Date()): Promise<Map<number, string[]>> {
    if (studentIds.length === 0) return new Map();
    const tasks = await repo.tasksOfStudents(this.db, studentIds);
    const earned = new Map<number, string[]>();
    for (let i = 0; i < studentIds.length; i += ATTEMPTS_CHUNK) {
      if (i > 0) await setImmediate();
      const chunk = studentIds.slice(i, i + ATTEMPTS_CHUNK);
      const attempts = await repo.attemptsOfMany(this.db, chunk);
      for (const id of chunk) {
        const own = tasks.get(id) ?? [];
        const { achievements } = computeAchievements(attempts.get(id) ?? [], own, this.timeZone, now);
        earned.set(id, achievements.map((a) => a.code));
      }
    }
    return repo.markAnnouncedMany(this.db, earned);
  }
}
