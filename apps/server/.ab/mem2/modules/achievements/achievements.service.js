import { setImmediate } from 'node:timers/promises';
import { requireAccess, taskScope } from '../access/access.policy.js';
import { computeAchievements } from './achievement-rules.js';
import * as repo from './achievements.repository.js';
/** Students whose answers one query reads when many are announced at once. */
const ATTEMPTS_CHUNK = 5;
/** (student, achievement) pairs remembered as announced; past this, all are forgotten. */
const ANNOUNCED_KEPT = 100_000;
/** Achievements and streaks of students, computed from their solutions (PRODUCT.md §12). */
export class AchievementsService {
    db;
    timeZone;
    /**
     * `student:code` pairs this instance knows were announced (recorded in achievements_announced,
     * whose rows are only ever added: a user's go with the user, and ids are never reused). Every
     * correct verdict asks which of its author's achievements are new; a student who has earned
     * "first solve" keeps earning it, and recording it again was an INSERT, a commit and, on
     * PostgreSQL, a round trip each time, to learn nothing. A pair not remembered is recorded as
     * before: its INSERT … ON CONFLICT DO NOTHING still decides, across instances, who announces it.
     */
    announced = new Set();
    constructor(db, timeZone) {
        this.db = db;
        this.timeZone = timeZone;
    }
    /** The caller's own achievements (students only). */
    async mine(actor) {
        requireAccess(actor, 'achievement.read');
        return this.of(actor.id, taskScope(actor).groupIds);
    }
    /** A student's achievements now, from the solutions of live tasks. */
    async of(studentId, groupIds, now = new Date()) {
        const [attempts, tasks] = await Promise.all([repo.attemptsOf(this.db, studentId), repo.groupTasks(this.db, groupIds)]);
        return computeAchievements(attempts, tasks, this.timeZone, now);
    }
    /** The student's achievements not announced before (each is announced once, ever). */
    async newlyEarned(studentId) {
        return (await this.newlyEarnedMany([studentId])).get(studentId) ?? [];
    }
    /**
     * newlyEarned for many students (a bulk verdict's): the students' answers are read ATTEMPTS_CHUNK
     * students a query, their tasks in one query for all, instead of queries per student; the rules
     * run per student as for one. Between chunks the event loop is let through: on SQLite each query runs
     * synchronously, and a class's reads must not wait for all 200 students. Keyed by student id
     * (absent: nothing new).
     */
    async newlyEarnedMany(studentIds, now = new Date()) {
        if (studentIds.length === 0)
            return new Map();
        // The tasks and the first chunk's answers at once: on PostgreSQL two connections, one wait.
        const [tasks, firstAttempts] = await Promise.all([repo.tasksOfStudents(this.db, studentIds), repo.attemptsOfMany(this.db, studentIds.slice(0, ATTEMPTS_CHUNK))]);
        const earned = new Map();
        for (let i = 0; i < studentIds.length; i += ATTEMPTS_CHUNK) {
            if (i > 0)
                await setImmediate();
            const chunk = studentIds.slice(i, i + ATTEMPTS_CHUNK);
            const attempts = i === 0 ? firstAttempts : await repo.attemptsOfMany(this.db, chunk);
            for (const id of chunk) {
                const own = tasks.get(id) ?? [];
                const { achievements } = computeAchievements(attempts.get(id) ?? [], own, this.timeZone, now);
                earned.set(id, achievements.map((a) => a.code));
            }
        }
        return this.markAnnounced(earned);
    }
    /** Records the codes not known to be announced (repo.markAnnouncedMany); returns the new ones. */
    async markAnnounced(earned) {
        const unknown = new Map();
        for (const [id, codes] of earned) {
            const fresh = codes.filter((code) => !this.announced.has(`${id}:${code}`));
            if (fresh.length > 0)
                unknown.set(id, fresh);
        }
        if (unknown.size === 0)
            return new Map();
        const told = await repo.markAnnouncedMany(this.db, unknown);
        // Recorded now, by this call or (the ones not returned) before it.
        if (this.announced.size > ANNOUNCED_KEPT)
            this.announced.clear();
        for (const [id, codes] of unknown)
            for (const code of codes)
                this.announced.add(`${id}:${code}`);
        return told;
    }
}
//# sourceMappingURL=achievements.service.js.map