import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { AchievementCode, LiveEventData, Solution } from '@mathclub/shared';
import { KeptReads } from '../../db/kept-reads.js';
import type { DB } from '../../db/schema.js';
import type { AchievementsService } from '../achievements/achievements.service.js';
import type { FanOutLog } from './fan-out.js';
import type { LiveHub } from './live-hub.js';
import * as repo from './live.repository.js';
import type { NewLiveEvent } from './live.repository.js';

/** Where an answer's event and notification hold its id (0 until it is stored). */
const ANSWER_ID_PLACES: repo.IdPlaces = { data: '"solution":{"id":', notification: '"solutionId":' };

/**
 * Only a verdict of correct can earn an achievement (achievement-rules.test.ts): a wrong answer, or
 * one waiting for a teacher, costs no achievement queries.
 */
const earnsAchievements = (solution: Solution): boolean => solution.reviewed && solution.correct;

/** What a task event needs to say: the task, its title and its group. */
export interface TaskFacts {
  id: number;
  title: string;
  group: { id: number };
}

/**
 * `app.live`: the one place each kind of event is raised (PRODUCT.md §12). Services call it after
 * their write has committed; it stores the event and its notifications and tells every instance.
 * It never throws: a verdict or a task is saved even when announcing it fails (logged).
 *
 * Any new path that publishes, edits or closes a task, or submits or judges solutions (a bulk
 * review, a task edit), calls the same function as the single path does.
 */
export class LiveAnnouncer {
  constructor(
    private readonly hub: LiveHub,
    private readonly db: Kysely<DB>,
    private readonly achievements: AchievementsService,
    private readonly log: FanOutLog,
  ) {
    this.groupTeachers = new KeptReads(db, { entries: 5_000 });
  }

  /** Whom each answer's notification goes to, per group, kept until the roster changes. */
  private readonly groupTeachers: KeptReads<number[]>;

  /** A new task students of its group can see: a live event and a notification for each of them. */
  async taskPublished(task: TaskFacts): Promise<void> {
    await this.safely('task.published', () => this.hub.announce([this.taskEvent('task.published', task, true)]));
  }

  /** A task's text, points, key or times changed: its group's lists refresh. */
  async taskEdited(task: TaskFacts): Promise<void> {
    await this.safely('task.updated', () => this.hub.announce([this.taskEvent('task.updated', task, false)]));
  }

  /** A task closed or removed: students stop seeing it as open. */
  async taskClosed(task: TaskFacts): Promise<void> {
    await this.safely('task.closed', () => this.hub.announce([this.taskEvent('task.closed', task, false)]));
  }

  /**
   * A sign-up through a group's code that waits for activation (issue 49): the group's teachers are
   * notified (their Students menu counts it) and their open pages hear it at once.
   */
  async studentWaiting(student: { id: number; name: string }, groupId: number): Promise<void> {
    const data: LiveEventData = { kind: 'student.waiting', groupId, student };
    await this.safely('student.waiting', () =>
      this.hub.announce([{ to: { audience: 'group_teachers', id: groupId }, kind: data.kind, data, notification: { kind: data.kind, payload: { author: student } } }]),
    );
  }

  /**
   * A student's new answer: the teachers of the task's group see it arrive and are notified. `task` is
   * its id, group and title as the submission read them.
   */
  async solutionSubmitted(solution: Solution, task: repo.TaskTitle, author?: object): Promise<void> {
    await this.safely('solution.submitted', async () => {
      // An answer the checker judged at once (auto mode) is its author's verdict too.
      const event = solution.reviewed ? this.judgedAnswerEvent(solution, task) : await this.unjudgedAnswerEvent(solution, task, author);
      // Stored with the answer's event: one statement and one message to the other instances.
      await this.hub.announce([event, ...(earnsAchievements(solution) ? await this.achievementEvents([solution.authorId]) : [])]);
    });
  }

  /**
   * The event of an answer the checker judged at once (auto mode), for storing in the answer's own
   * statement (PostgreSQL, as unjudgedAnswer): `draft` is the answer with id 0. The group's teachers
   * see it arrive already judged, with no notification (nothing waits for them). Then `published`,
   * and for a correct one `achievementsEarned`.
   */
  judgedAnswer(draft: Solution, task: repo.TaskTitle): repo.PendingEvent {
    return { event: this.judgedAnswerEvent(draft, task), idPlaces: { data: ANSWER_ID_PLACES.data } };
  }

  /**
   * The achievements an answer stored with its event alone (judgedAnswer) earned, if any:
   * announced after the answer's response (see `afterwards`).
   */
  achievementsEarned(solution: Solution): void {
    if (!earnsAchievements(solution)) return;
    this.afterwards('achievement.earned', async () => this.hub.announce(await this.achievementEvents([solution.authorId])));
  }

  private judgedAnswerEvent(solution: Solution, task: repo.TaskTitle): repo.PendingEvent['event'] {
    return { to: { audience: 'group_teachers', id: task.groupId }, kind: 'solution.submitted', data: { kind: 'solution.submitted', solution, groupId: task.groupId, taskTitle: task.title } };
  }

  /**
   * The event of an answer waiting for a teacher, for storing in the answer's own statement
   * (PostgreSQL, solutions.repository.ts): `draft` is the answer with id 0, which the statement
   * replaces. Then `published` tells the instances. Null, logged, when the group's teachers cannot
   * be read: the answer is then stored alone and announced as before.
   */
  async unjudgedAnswer(draft: Solution, task: repo.TaskTitle, author?: object): Promise<repo.PendingEvent | null> {
    try {
      return { event: await this.unjudgedAnswerEvent(draft, task, author), idPlaces: ANSWER_ID_PLACES };
    } catch (error) {
      this.log('live updates: cannot announce solution.submitted', error);
      return null;
    }
  }

  /** Events stored by their own write's statement (unjudgedAnswer): every instance is told. */
  async published(eventIds: readonly number[]): Promise<void> {
    await this.safely('solution.submitted', () => this.hub.publish(eventIds));
  }

  /** `author`: the answering student's request actor, whose account check read the roster's counter. */
  private async unjudgedAnswerEvent(solution: Solution, task: repo.TaskTitle, author?: object): Promise<repo.PendingEvent['event']> {
    const data: LiveEventData = { kind: 'solution.submitted', solution, groupId: task.groupId, taskTitle: task.title };
    return {
      to: { audience: 'group_teachers', id: task.groupId },
      kind: data.kind,
      data,
      notification: {
        kind: 'solution.submitted',
        payload: { task: { id: task.id, title: task.title }, solutionId: solution.id, author: solution.author },
        recipients: await this.groupTeachers.get(String(task.groupId), [['r', 0]], async () => ({ value: await repo.groupTeacherIds(this.db, task.groupId) }), author),
      },
    };
  }

  /**
   * Verdicts (one, or many from a bulk review): each author receives their solution with the
   * verdict and feedback and a notification (not for a reset to unreviewed); then achievements
   * newly earned by the authors judged correct are announced. Reads the tasks once for all of them,
   * unless the caller already knows them (`known`: the tasks of all `solutions`).
   */
  async solutionsJudged(solutions: readonly Solution[], known?: readonly repo.TaskTitle[]): Promise<void> {
    await this.safely('solution.judged', async () => {
      if (solutions.length === 0) return;
      const tasks = known ? new Map(known.map((t) => [t.id, t])) : await this.tasks([...new Set(solutions.map((s) => s.taskId))]);
      const events: NewLiveEvent[] = [];
      for (const solution of solutions) {
        const task = tasks.get(solution.taskId);
        if (!task) continue;
        const data: LiveEventData = { kind: 'solution.judged', solution, taskTitle: task.title };
        events.push({
          to: { audience: 'user', id: solution.authorId },
          kind: data.kind,
          data,
          ...(solution.reviewed
            ? {
                notification: {
                  kind: 'solution.judged',
                  payload: {
                    task: { id: task.id, title: task.title },
                    solutionId: solution.id,
                    correct: solution.correct,
                    feedback: solution.feedback,
                    // The student is told the photo carries marks (PRODUCT.md §14).
                    marked: (solution.annotations?.length ?? 0) > 0,
                  },
                },
              }
            : {}),
        });
        // The group's other teachers see the verdict on their review pages too.
        events.push({ to: { audience: 'group_teachers', id: task.groupId }, kind: 'solution.judged', data });
      }
      const correctAuthors = [...new Set(solutions.filter(earnsAchievements).map((s) => s.authorId))];
      if (solutions.length === 1) {
        // One verdict: the achievements it may have earned are read while its events are stored
        // (on PostgreSQL two connections, one wait); the verdict's answer waits for its own events
        // only, and new achievements, rarely any once an instance remembers what it told, follow.
        const stored = this.hub.announce(events);
        const earned = this.achievementEvents(correctAuthors);
        this.afterwards('achievement.earned', async () => {
          // After the verdict's own events on the stream, whether they could be stored or not
          // (a failure is logged as the verdict's): the achievements were earned all the same.
          await stored.catch(() => {});
          await this.hub.announce(await earned);
        });
        await stored;
        return;
      }
      // A bulk verdict's announcements are a few hundred rows: the verdicts go out with its answer,
      // and the achievements are read after it, waiting requests given a turn first.
      await this.hub.announce(events);
      this.afterwards('achievement.earned', async () => {
        await setImmediate();
        await this.hub.announce(await this.achievementEvents(correctAuthors));
      });
    });
  }

  /**
   * The events of achievements newly earned by these students (now recorded as told): an event
   * and a notification each. A bulk verdict asks this for up to 200 students at once: read in a
   * few queries for all of them (`newlyEarnedMany`), not a few per student. When they cannot be
   * read, none (logged): the verdict announced with them still goes out.
   */
  private async achievementEvents(studentIds: readonly number[]): Promise<NewLiveEvent[]> {
    if (studentIds.length === 0) return [];
    const events: NewLiveEvent[] = [];
    try {
      const earned = await this.achievements.newlyEarnedMany(studentIds);
      for (const studentId of studentIds) {
        for (const code of earned.get(studentId) ?? []) {
          const data: LiveEventData = { kind: 'achievement.earned', code: code as AchievementCode };
          events.push({ to: { audience: 'user', id: studentId }, kind: data.kind, data, notification: { kind: 'achievement.earned', payload: { achievement: code } } });
        }
      }
    } catch (error) {
      this.log('live updates: cannot read the achievements earned', error);
      return [];
    }
    return events;
  }

  private taskEvent(kind: 'task.published' | 'task.updated' | 'task.closed', task: TaskFacts, notify: boolean): NewLiveEvent {
    const data: LiveEventData = { kind, taskId: task.id, groupId: task.group.id, title: task.title };
    return {
      to: { audience: 'group_students', id: task.group.id },
      kind,
      data,
      ...(notify ? { notification: { kind, payload: { task: { id: task.id, title: task.title } } } } : {}),
    };
  }

  private async tasks(ids: readonly number[]): Promise<Map<number, repo.TaskTitle>> {
    return new Map((await repo.taskTitles(this.db, ids)).map((t) => [t.id, t]));
  }

  /** Announcements started by `afterwards` and not yet done. */
  private readonly pending = new Set<Promise<void>>();

  /**
   * Announces without holding the request that caused it: the achievements a verdict or a checked
   * answer earned. Reading them and storing their events was up to two more round trips, each
   * queued behind the pool's other queries, before a teacher's verdict was answered (on PostgreSQL,
   * in the mixed run, most of the verdicts' p99). The student hears of them a moment later on the
   * live stream, after the verdict itself. `settled` waits for them (the app's close).
   */
  private afterwards(what: string, work: () => Promise<void>): void {
    const done = this.safely(what, work);
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  /** Resolves once every announcement started by `afterwards` is done. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async safely(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log(`live updates: cannot announce ${what}`, error);
    }
  }
}
