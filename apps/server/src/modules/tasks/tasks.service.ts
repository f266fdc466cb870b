import type { Kysely } from 'kysely';
import { createTaskFieldsSchema, TEXT_OR_IMAGE_REQUIRED, type AuthenticatedUser, type Level, type Task } from '@mathclub/shared';
import { isForeignKeyViolation } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { requireAccess, taskScope } from '../access/access.policy.js';
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
  ) {}

  /** A teacher's view: live tasks of every group they belong to, newest first. */
  async listForTeacher(actor: AuthenticatedUser): Promise<Task[]> {
    return (await repo.listLiveTasks(this.db, taskScope(actor).groupIds)).map((row) => this.present(row));
  }

  /** What the caller may see: their group's tasks (a student has one group, a teacher several). */
  async listVisible(actor: AuthenticatedUser): Promise<Task[]> {
    return this.listForTeacher(actor);
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

  private present(row: repo.TaskRow): Task {
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
    };
  }
}
