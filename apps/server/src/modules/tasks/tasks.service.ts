import type { Kysely } from 'kysely';
import {
  answerKeyFieldErrors,
  createTaskFieldsSchema,
  TEXT_OR_IMAGE_REQUIRED,
  type AnswerKeyFields,
  type AnswerKind,
  type AuthenticatedUser,
  type CheckMode,
  type Level,
  type StudentTask,
  type Task,
  type UpdateTaskInput,
} from '@mathclub/shared';
import { isForeignKeyViolation } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { requireAccess, taskScope } from '../access/access.policy.js';
import type { Checker } from '../checking/checker.js';
import type { ImageStore } from '../files/image-store.js';
import { storeUploadedImage, withImageCleanup } from '../files/images.js';
import { parseFormFields, type MultipartForm } from '../files/multipart.js';
import type { ImageUrlSigner } from '../files/signed-url.js';
import * as repo from './tasks.repository.js';

export const TASK_IMAGE_FIELD = 'taskImage';
const GROUP_UNKNOWN = 'teacher.tasks.form.errors.groupUnknown';

/** Tasks: teachers author them for their groups, everyone sees the tasks of their own groups. */
export class TasksService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly images: ImageStore,
    private readonly urls: ImageUrlSigner,
    private readonly checker: Checker,
  ) {}

  /** A teacher's view: live tasks of every group they belong to, newest first, with their keys. */
  async listForTeacher(actor: AuthenticatedUser): Promise<Task[]> {
    return (await repo.listLiveTasks(this.db, taskScope(actor).groupIds)).map((row) => this.present(row));
  }

  /**
   * The arena's view of the caller's group tasks (a student has one group, a teacher several):
   * never the answer key, whoever asks.
   */
  async listVisible(actor: AuthenticatedUser): Promise<StudentTask[]> {
    return (await repo.listLiveTasks(this.db, taskScope(actor).groupIds)).map((row) => this.presentToStudent(row));
  }

  /**
   * Creates a task from a multipart form: fields first, then the group and the author's
   * membership, then the image, then the row (the image goes again if the row cannot be written).
   */
  async create(actor: AuthenticatedUser, form: MultipartForm): Promise<Task> {
    const textMissing = (form.fields.text ?? '').trim() === '' && !form.file;
    const fields = parseFormFields(createTaskFieldsSchema, form.fields, textMissing ? { text: TEXT_OR_IMAGE_REQUIRED } : {});
    if (!(await repo.groupExists(this.db, fields.group))) throw validationError({ group: GROUP_UNKNOWN });
    requireAccess(actor, 'task.create', { groupId: fields.group });
    const answerKey = await this.checkedAnswerKey(fields);

    const imageKey = await storeUploadedImage(this.images, form.file, TASK_IMAGE_FIELD);
    const id = await withImageCleanup(this.images, imageKey, async () => {
      try {
        return await repo.insertTask(this.db, {
          title: fields.title,
          text: fields.text,
          level: fields.level,
          points: fields.points,
          groupId: fields.group,
          authorId: actor.id,
          imageKey,
          ...answerKey,
        });
      } catch (err) {
        // The group was deleted between the check and the insert.
        if (isForeignKeyViolation(err)) throw validationError({ group: GROUP_UNKNOWN });
        throw err;
      }
    });
    const task = await repo.findLiveTask(this.db, id);
    if (!task) throw notFound();
    return this.present(task);
  }

  /** Soft delete by a teacher of the task's group; unknown, deleted or another group's task → 404. */
  async delete(actor: AuthenticatedUser, id: number): Promise<void> {
    const groupId = await repo.liveTaskGroup(this.db, id);
    if (groupId === undefined) throw notFound();
    requireAccess(actor, 'task.delete', { groupId });
    // Scoped to that group again, so a task moved or deleted meanwhile is a 404, not a surprise.
    if (!(await repo.softDeleteTask(this.db, id, [groupId]))) throw notFound();
  }

  /**
   * Changes a task of the caller's group (PATCH: only the fields given): for now its answer key.
   * The result is checked as a whole, as at creation. Solutions already sent keep their
   * autoVerdict and verdicts: a changed key does not rejudge them (the teacher can, with PUT).
   * The read caches see the change at the next request (any write moves the data version).
   */
  async update(actor: AuthenticatedUser, id: number, input: UpdateTaskInput): Promise<Task> {
    const current = await repo.findLiveTask(this.db, id);
    if (!current) throw notFound();
    requireAccess(actor, 'task.update', { groupId: current.groupId });
    const answerKind = input.answerKind ?? (current.answerKind as AnswerKind);
    const merged: AnswerKeyFields = {
      answerKind,
      // A task turned to "no key" drops its key; otherwise the stored one stays unless replaced.
      answerKey: input.answerKey !== undefined ? (input.answerKey ?? '') : answerKind === 'none' ? '' : (current.answerKey ?? ''),
      tolerance: input.tolerance ?? (answerKind === 'number' ? current.tolerance : 0),
      checkMode: input.checkMode ?? (answerKind === 'none' ? 'manual' : (current.checkMode as CheckMode)),
    };
    const answerKey = await this.checkedAnswerKey(merged);
    if (!(await repo.updateAnswerKey(this.db, id, current.groupId, answerKey))) throw notFound();
    const task = await repo.findLiveTask(this.db, id);
    if (!task) throw notFound();
    return this.present(task);
  }

  /**
   * The answer-key fields as they will be stored, or a 400: the rules across the fields, then the
   * checker's reading of the key for its kind (its error is the i18n key the form shows).
   */
  private async checkedAnswerKey(fields: AnswerKeyFields): Promise<repo.StoredAnswerKey> {
    const errors = answerKeyFieldErrors(fields);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (fields.answerKind === 'none') return { answerKind: 'none', answerKey: null, tolerance: 0, checkMode: fields.checkMode };
    const parsed = await this.checker.parseKey(fields.answerKind, fields.answerKey);
    if (!parsed.ok) throw validationError({ answerKey: parsed.error });
    return { answerKind: fields.answerKind, answerKey: fields.answerKey, tolerance: fields.tolerance, checkMode: fields.checkMode };
  }

  /** A task as its group's teachers see it, with the key; anyone else gets presentToStudent. */
  private present(row: repo.TaskRow): Task {
    return { ...this.presentToStudent(row), answerKey: row.answerKey, tolerance: row.tolerance };
  }

  /** A task without its key and tolerance: what a student may see. */
  private presentToStudent(row: repo.TaskRow): StudentTask {
    const imageSecureUrl = this.urls.urlFor(row.imageKey);
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      level: row.level as Level,
      points: row.points,
      group: { id: row.groupId, name: row.groupName },
      createdAt: row.createdAt,
      author: { id: row.authorId, name: row.authorName },
      ...(imageSecureUrl ? { imageSecureUrl } : {}),
      answerKind: row.answerKind as AnswerKind,
      checkMode: row.checkMode as CheckMode,
    };
  }
}
