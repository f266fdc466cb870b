import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  ANSWER_OR_IMAGE_REQUIRED,
  createSolutionFieldsSchema,
  parseStoredAnnotations,
  taskWindow,
  type AuthenticatedUser,
  type AutoVerdict,
  type ReviewManyInput,
  type ReviewSolutionInput,
  type Solution,
  type SolutionsQuery,
} from '@mathclub/shared';
import { fromDbBool, isUniqueViolation, onPostgres } from '../../db/database.js';
import { KeptReads } from '../../db/kept-reads.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { requireAccess, reviewScope, solutionScope } from '../access/access.policy.js';
import type { Checker } from '../checking/checker.js';
import type { CheckableKind } from '../checking/judge.js';
import type { ImageStore } from '../files/image-store.js';
import { storeUploadedImage, withImageCleanup } from '../files/images.js';
import { parseFormFields, type MultipartForm } from '../files/multipart.js';
import type { ImageUrlSigner } from '../files/signed-url.js';
import type { LiveAnnouncer } from '../live/live-announcer.js';
import type { TaskTitle } from '../live/live.repository.js';
import { requireUsableSnippet, useInVerdict } from '../snippets/snippets.service.js';
import * as repo from './solutions.repository.js';

export const SOLUTION_IMAGE_FIELD = 'solutionImage';

const solutionExists = () => new AppError('SOLUTION_EXISTS');

/**
 * Solutions: students answer the tasks of their group and see only their own work; teachers see
 * and review the solutions of their groups' tasks. Who may do what is asked of the access policy.
 */
export class SolutionsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly images: ImageStore,
    private readonly urls: ImageUrlSigner,
    private readonly checker: Checker,
    /** Live events and notifications (PRODUCT.md §12): every verdict path announces through it. */
    private readonly live: LiveAnnouncer,
  ) {
    this.answerTasks = new KeptReads(db, { entries: 5_000, bytes: 2 * 2 ** 20 });
  }

  /**
   * What an answer needs of its task (group, key, window, title), kept until any existing task is
   * edited or deleted ('e', read with the account check): a class answers the same few tasks.
   */
  private readonly answerTasks: KeptReads<repo.AnswerTask | undefined>;

  /**
   * What a list request may return, as a repository filter: a student's own solutions whatever
   * authorId they ask for (another id: nothing, null); a teacher's: the solutions of live tasks in
   * their groups. The query narrows both. The list depends on nothing else.
   */
  visibleFilter(actor: AuthenticatedUser, query: SolutionsQuery): repo.SolutionFilter | null {
    const narrowing = {
      ...(query.taskId !== undefined ? { taskId: query.taskId } : {}),
      ...(query.reviewed !== undefined ? { reviewed: query.reviewed } : {}),
    };
    const scope = solutionScope(actor);
    if ('groupIds' in scope) {
      return { ...narrowing, groupIds: scope.groupIds, ...(query.authorId !== undefined ? { authorId: query.authorId } : {}) };
    }
    if (query.authorId !== undefined && query.authorId !== scope.authorId) return null;
    return { ...narrowing, authorId: scope.authorId };
  }

  /** The solutions `actor` may see for `query`: unreviewed first, then oldest first. */
  async list(actor: AuthenticatedUser, query: SolutionsQuery): Promise<Solution[]> {
    const filter = this.visibleFilter(actor, query);
    if (!filter) return [];
    return (await repo.listSolutions(this.db, filter)).map((row) => this.present(row));
  }

  /**
   * A student answers a live task of their group. Refused with 409 while an earlier answer is
   * unreviewed or correct: the insert's conflict on solutions_open_unique settles it, concurrent
   * submissions included. With an answer key and answer text, the checker (worker threads, off the
   * event loop) gives its verdict; in auto mode a correct or incorrect one is final at once
   * (PRODUCT.md §9).
   */
  async submit(actor: AuthenticatedUser, form: MultipartForm): Promise<Solution> {
    const answerMissing = (form.fields.answer ?? '').trim() === '' && !form.file;
    const fields = parseFormFields(createSolutionFieldsSchema, form.fields, answerMissing ? { answer: ANSWER_OR_IMAGE_REQUIRED } : {});
    const task = await this.answerTasks.get(String(fields.taskId), [['e', 0]], async () => ({ value: await repo.answerTask(this.db, fields.taskId) }), actor);
    if (task?.groupId == null) throw notFound();
    requireAccess(actor, 'solution.submit', { groupId: task.groupId });
    // PRODUCT.md §10: before opensAt the task does not exist for students; after closesAt it is closed.
    const window = taskWindow(task, Date.now());
    if (window === 'scheduled') throw notFound();
    if (window === 'closed') throw new AppError('TASK_CLOSED');
    // An answer while an earlier one is open is refused by the insert itself; a photo is not
    // decoded and stored only to be thrown away.
    if (form.file && (await repo.hasOpenSolution(this.db, fields.taskId, actor.id))) throw solutionExists();

    const autoVerdict = await this.autoVerdict(task, fields.answer);
    // Only auto mode makes the checker's verdict final, and only a definite one: unsure waits.
    const finalVerdict = task.checkMode === 'auto' && (autoVerdict === 'correct' || autoVerdict === 'incorrect') ? { correct: autoVerdict === 'correct' } : null;
    const imageKey = await storeUploadedImage(this.images, form.file, SOLUTION_IMAGE_FIELD);
    const values = repo.newSolutionValues({ taskId: fields.taskId, authorId: actor.id, answer: fields.answer, imageKey, autoVerdict, finalVerdict });
    const facts: TaskTitle = { id: fields.taskId, groupId: task.groupId, title: task.title };
    return withImageCleanup(this.images, imageKey, () => this.store(values, actor, facts));
  }

  /**
   * Stores a new answer and announces it: the group's teachers see it arrive (and, in auto mode,
   * its author's verdict counts). On PostgreSQL an answer is stored with its event in one statement
   * (one round trip and one commit instead of two); a correct one's achievements follow after the
   * answer's response, as they need the answer stored. On SQLite, in process, the two cost no
   * round trip. Announcing never throws (app.live logs), so once the answer is stored nothing here
   * makes withImageCleanup remove its photo.
   */
  private async store(values: repo.NewSolutionValues, author: AuthenticatedUser, task: TaskTitle): Promise<Solution> {
    const authorName = author.name;
    if (onPostgres(this.db)) {
      const draft = this.present(repo.solutionRow(0, values, authorName));
      const pending = draft.reviewed ? this.live.judgedAnswer(draft, task) : await this.live.unjudgedAnswer(draft, task, author);
      if (pending) {
        const stored = await repo.insertSolutionWithEvent(this.db, values, authorName, pending);
        if (!stored) throw solutionExists();
        await this.live.published([stored.eventId]);
        const solution = this.present(stored.row);
        this.live.achievementsEarned(solution);
        return solution;
      }
    }
    const row = await repo.insertSolution(this.db, values, authorName);
    if (!row) throw solutionExists();
    const solution = this.present(row);
    await this.live.solutionSubmitted(solution, task, author);
    return solution;
  }

  /**
   * A teacher of the task's group records a verdict (reviewer and time) or resets it to
   * unreviewed. Refused with 409 when that would reopen an answer while the student's newer one
   * is open. Another group's solution, or one of a deleted task, is 404. Without a saved comment
   * the verdict is one statement that writes only within the teacher's groups (reviewScope) and
   * returns what its announcement needs; the policy is asked only when nothing matched, to say
   * why. On PostgreSQL that is one round trip fewer than reading the solution first, each queued
   * behind the pool's other queries on a busy server.
   */
  async review(actor: AuthenticatedUser, id: number, input: ReviewSolutionInput): Promise<Solution> {
    // With a saved comment, the solution and the comment are checked first (so a stranger learns
    // nothing of the comment), and its use is counted in the verdict's transaction.
    if (input.snippetId !== undefined) {
      await this.requireReviewable(actor, id);
      await requireUsableSnippet(this.db, actor, input.snippetId);
    }
    let judged: repo.JudgedInGroup | undefined;
    try {
      await this.withSnippet(actor, input.snippetId, input.feedback, async (db, feedback) => {
        judged = await repo.judgeInGroups(
          db,
          id,
          {
            reviewed: input.reviewed,
            correct: input.correct,
            reviewerId: actor.id,
            ...(feedback !== undefined ? { feedback } : {}),
            // PRODUCT.md §14: the marks are saved with the verdict as given ([] clears them).
            ...(input.annotations !== undefined ? { annotations: input.annotations.length > 0 ? JSON.stringify(input.annotations) : null } : {}),
          },
          actor.name,
          reviewScope(actor).groupIds,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('SOLUTION_EXISTS', { messageKey: 'SOLUTION_EXISTS.newer' });
      throw err;
    }
    if (!judged) {
      // Nothing matched: refused as the policy says for this solution, else it is gone (or its task deleted).
      await this.requireReviewable(actor, id);
      throw notFound();
    }
    const solution = this.present(judged.row);
    await this.live.solutionsJudged([solution], [{ id: solution.taskId, groupId: judged.groupId, title: judged.taskTitle }]);
    return solution;
  }

  /** Throws 404 for an unknown solution or one of a deleted task, else the policy's refusal, if any. */
  private async requireReviewable(actor: AuthenticatedUser, id: number): Promise<void> {
    const target = await repo.reviewedSolutionGroup(this.db, id);
    if (target?.groupId == null) throw notFound();
    requireAccess(actor, 'solution.review', { groupId: target.groupId });
  }

  /**
   * Runs a verdict's write with its feedback: the text sent (an empty one clears it), else the
   * saved comment's text when one is named, else undefined (the saved feedback stays). A named
   * comment's `uses` grows by one in the same transaction, so a refused verdict counts no use.
   */
  private async withSnippet(
    actor: AuthenticatedUser,
    snippetId: number | undefined,
    sent: string | null | undefined,
    write: (db: Kysely<DB>, feedback: string | null | undefined) => Promise<void>,
  ): Promise<void> {
    const feedback = sent !== undefined ? sent || null : undefined;
    if (snippetId === undefined) return write(this.db, feedback);
    await this.db.transaction().execute(async (trx) => {
      const text = await useInVerdict(trx, actor, snippetId);
      await write(trx, feedback !== undefined ? feedback : text);
    });
  }

  /**
   * One verdict for many solutions (PRODUCT.md §15: "confirm all suggested", same answers judged
   * once): all or nothing. Every id must be a solution of a live task in the caller's groups, else
   * nothing changes and the answer is 404, whichever id it was. One statement, so the boards see
   * one change; the side effects are those of the single verdict (PUT), applied per solution.
   */
  async reviewMany(actor: AuthenticatedUser, input: ReviewManyInput): Promise<{ updated: number }> {
    const ids = [...new Set(input.ids)];
    const found = await repo.liveSolutionGroups(this.db, ids);
    if (found.length !== ids.length) throw notFound();
    for (const { groupId } of found) {
      if (groupId == null) throw notFound();
      requireAccess(actor, 'solution.reviewMany', { groupId });
    }
    if (input.snippetId !== undefined) await requireUsableSnippet(this.db, actor, input.snippetId);
    try {
      let updated = 0;
      await this.withSnippet(actor, input.snippetId, input.feedback, async (db, feedback) => {
        updated = await repo.updateReviews(db, ids, {
          correct: input.correct,
          reviewerId: actor.id,
          ...(feedback !== undefined ? { feedback } : {}),
        });
      });
      // Each student is told as with a single verdict (one read for all of them). On SQLite the
      // write and the reads run synchronously: other requests get a turn in between.
      await setImmediate();
      await this.live.solutionsJudged((await repo.findSolutions(this.db, ids)).map((row) => this.present(row)));
      return { updated };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('SOLUTION_EXISTS', { messageKey: 'SOLUTION_EXISTS.newer' });
      throw err;
    }
  }

  /**
   * The checker's verdict on an answer: null when the task has no key or the answer is a photo
   * only (a photo always waits for the teacher). Computed with the key as it is now.
   */
  private async autoVerdict(task: repo.TaskForAnswer, answer: string): Promise<AutoVerdict> {
    if (task.answerKind === 'none' || !task.answerKey || answer === '') return null;
    return this.checker.check({ kind: task.answerKind as CheckableKind, key: task.answerKey, tolerance: task.tolerance }, answer);
  }

  private present(row: repo.SolutionRow): Solution {
    const imageSecureUrl = this.urls.urlFor(row.imageKey);
    return {
      id: row.id,
      taskId: row.taskId,
      authorId: row.authorId,
      author: { id: row.authorId, name: row.authorName },
      answer: row.answer,
      ...(imageSecureUrl ? { imageSecureUrl } : {}),
      reviewed: fromDbBool(row.reviewed),
      correct: fromDbBool(row.correct),
      feedback: row.feedback,
      createdAt: row.createdAt,
      reviewedAt: row.reviewedAt,
      reviewer: row.reviewerId !== null && row.reviewerName !== null ? { id: row.reviewerId, name: row.reviewerName } : null,
      autoVerdict: row.autoVerdict as AutoVerdict,
      judgedBy: !fromDbBool(row.reviewed) ? null : fromDbBool(row.judgedByChecker) ? 'checker' : 'teacher',
      annotations: parseStoredAnnotations(row.annotations),
    };
  }
}
