import { answerKeyFieldErrors, CLOSES_BEFORE_OPENS, createTaskFieldsSchema, taskWindow, TEXT_OR_IMAGE_REQUIRED, } from '@mathclub/shared';
import { isForeignKeyViolation } from '../../db/database.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { can, requireAccess, taskScope } from '../access/access.policy.js';
import { storeUploadedImage, withImageCleanup } from '../files/images.js';
import { parseFormFields } from '../files/multipart.js';
import * as repo from './tasks.repository.js';
export const TASK_IMAGE_FIELD = 'taskImage';
const ANSWER_KEY_INPUTS = ['answerKind', 'answerKey', 'tolerance', 'checkMode'];
/** The answer-key fields after a PATCH: those given, the stored ones otherwise (a kind of none drops the key). */
function mergedAnswerKey(current, input) {
    const answerKind = input.answerKind ?? current.answerKind;
    return {
        answerKind,
        answerKey: input.answerKey !== undefined ? (input.answerKey ?? '') : answerKind === 'none' ? '' : (current.answerKey ?? ''),
        tolerance: input.tolerance ?? (answerKind === 'number' ? current.tolerance : 0),
        checkMode: input.checkMode ?? (answerKind === 'none' ? 'manual' : current.checkMode),
    };
}
const GROUP_UNKNOWN = 'teacher.tasks.form.errors.groupUnknown';
/** Tasks: teachers author them for their groups, everyone sees the tasks of their own groups. */
export class TasksService {
    db;
    images;
    urls;
    checker;
    live;
    constructor(db, images, urls, checker, 
    /** Live events and notifications (PRODUCT.md §12). */
    live) {
        this.db = db;
        this.images = images;
        this.urls = urls;
        this.checker = checker;
        this.live = live;
    }
    /** A teacher's view: live tasks of every group they belong to, newest first, with their keys and counts. */
    async listForTeacher(actor) {
        const [rows, counts] = await Promise.all([repo.listLiveTasks(this.db, taskScope(actor).groupIds), this.countsFor(actor)]);
        return rows.map((row) => ({ ...this.present(row), counts: counts.get(row.id) ?? { answered: 0, correct: 0, waiting: 0 } }));
    }
    /**
     * The arena's view of the caller's group tasks (a student has one group, a teacher several):
     * never the answer key, whoever asks, and only tasks whose opensAt has come (PRODUCT.md §10).
     * `nextOpening`: when the next scheduled one opens (ms), when the list stops being true.
     */
    async listVisible(actor, now = Date.now()) {
        const rows = await repo.listLiveTasks(this.db, taskScope(actor).groupIds);
        let nextOpening = Number.POSITIVE_INFINITY;
        const tasks = [];
        for (const row of rows) {
            const opens = row.opensAt ? Date.parse(row.opensAt) : Number.NEGATIVE_INFINITY;
            if (opens <= now)
                tasks.push(this.presentToStudent(row));
            else
                nextOpening = Math.min(nextOpening, opens);
        }
        return { tasks, nextOpening };
    }
    /**
     * Creates a task from a multipart form: fields first, then the group and the author's
     * membership, then the image, then the row (the image goes again if the row cannot be written).
     */
    async create(actor, form) {
        const textMissing = (form.fields.text ?? '').trim() === '' && !form.file;
        const fields = parseFormFields(createTaskFieldsSchema, form.fields, textMissing ? { text: TEXT_OR_IMAGE_REQUIRED } : {});
        if (fields.opensAt && fields.closesAt && fields.closesAt <= fields.opensAt)
            throw validationError({ closesAt: CLOSES_BEFORE_OPENS });
        await this.requireDestinationGroup(actor, 'task.create', fields.group);
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
                    opensAt: fields.opensAt ?? null,
                    closesAt: fields.closesAt ?? null,
                });
            }
            catch (err) {
                // The group was deleted between the check and the insert.
                if (isForeignKeyViolation(err))
                    throw validationError({ group: GROUP_UNKNOWN });
                throw err;
            }
        });
        const task = await repo.findLiveTask(this.db, id);
        if (!task)
            throw notFound();
        const created = this.present(task);
        await this.announceNew(created);
        return created;
    }
    /**
     * The group a task is created in, copied into or moved to: 400 when it does not exist, else the
     * policy's refusal, if any. A teacher of the group has it among their groups, read with the
     * account, so only for another group is the database asked (one round trip fewer for every task
     * a teacher posts); a group deleted meanwhile is the write's foreign-key violation, answered as
     * unknown too (create, update, copy).
     */
    async requireDestinationGroup(actor, permission, groupId) {
        if (can(actor, permission, { groupId }))
            return;
        if (!(await repo.groupExists(this.db, groupId)))
            throw validationError({ group: GROUP_UNKNOWN });
        requireAccess(actor, permission, { groupId });
    }
    /** Soft delete by a teacher of the task's group; unknown, deleted or another group's task → 404. */
    async delete(actor, id) {
        const groupId = await repo.liveTaskGroup(this.db, id);
        if (groupId === undefined)
            throw notFound();
        requireAccess(actor, 'task.delete', { groupId });
        // Scoped to that group again, so a task moved or deleted meanwhile is a 404, not a surprise.
        if (!(await repo.softDeleteTask(this.db, id, [groupId])))
            throw notFound();
        if (groupId !== null)
            await this.live.taskClosed({ id, title: '', group: { id: groupId } });
    }
    /**
     * Changes a task of the caller's group (PATCH: only the fields given; PRODUCT.md §9, §10). The
     * result is checked as a whole, as at creation: text or image, a window that closes after it
     * opens, a key that parses. An edit never touches the solutions: they keep their verdicts (a new
     * key does not rejudge them), and new points count at once on every leaderboard period, which
     * is computed from the task's points at read time. A move to another group is refused once the task has solutions: their authors
     * belong to the old group.
     */
    async update(actor, id, input, file) {
        const current = await repo.findLiveTask(this.db, id);
        if (!current)
            throw notFound();
        requireAccess(actor, 'task.update', { groupId: current.groupId });
        const moving = input.group !== undefined && input.group !== current.groupId;
        if (moving)
            await this.requireDestinationGroup(actor, 'task.update', input.group);
        const text = input.text ?? current.text;
        const keepsImage = !input.removeImage && current.imageKey !== null;
        const errors = {};
        if (text === '' && !file && !keepsImage)
            errors.text = TEXT_OR_IMAGE_REQUIRED;
        const opensAt = input.opensAt !== undefined ? input.opensAt : current.opensAt;
        const closesAt = input.closesAt !== undefined ? input.closesAt : current.closesAt;
        if (opensAt && closesAt && closesAt <= opensAt)
            errors.closesAt = CLOSES_BEFORE_OPENS;
        if (Object.keys(errors).length > 0)
            throw validationError(errors);
        if (moving && (await repo.hasSolutions(this.db, id)))
            throw new AppError('TASK_HAS_SOLUTIONS');
        const changes = {
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.text !== undefined ? { text: input.text } : {}),
            ...(input.level !== undefined ? { level: input.level } : {}),
            ...(input.points !== undefined ? { points: input.points } : {}),
            ...(moving ? { group_id: input.group } : {}),
            ...(input.opensAt !== undefined ? { opens_at: input.opensAt } : {}),
            ...(input.closesAt !== undefined ? { closes_at: input.closesAt } : {}),
        };
        if (ANSWER_KEY_INPUTS.some((field) => input[field] !== undefined)) {
            const key = await this.checkedAnswerKey(mergedAnswerKey(current, input));
            Object.assign(changes, { answer_kind: key.answerKind, answer_key: key.answerKey, tolerance: key.tolerance, check_mode: key.checkMode });
        }
        const newImageKey = await storeUploadedImage(this.images, file, TASK_IMAGE_FIELD);
        if (newImageKey !== null || input.removeImage)
            changes.image_key = newImageKey;
        await withImageCleanup(this.images, newImageKey, async () => {
            if (Object.keys(changes).length === 0)
                return;
            try {
                if (await repo.updateTask(this.db, id, current.groupId, changes))
                    return;
            }
            catch (err) {
                // The group moved to was deleted between the check and the write (as at creation).
                if (moving && isForeignKeyViolation(err))
                    throw validationError({ group: GROUP_UNKNOWN });
                throw err;
            }
            // Deleted or moved meanwhile, or a first solution arrived just before the move.
            if (moving && (await repo.liveTaskGroup(this.db, id)) === current.groupId)
                throw new AppError('TASK_HAS_SOLUTIONS');
            throw notFound();
        });
        // The old picture belongs to no row now (copies get their own file).
        if (changes.image_key !== undefined && current.imageKey)
            await this.images.delete(current.imageKey).catch(() => { });
        const task = await repo.findLiveTask(this.db, id);
        if (!task)
            throw notFound();
        const updated = this.present(task);
        // Closed by this edit: its students see it close; otherwise their lists refresh.
        if (input.closesAt && taskWindow(updated, Date.now()) === 'closed')
            await this.live.taskClosed(updated);
        else
            await this.live.taskEdited(updated);
        return updated;
    }
    /**
     * Duplicates a task of the caller's group into another of their groups (PRODUCT.md §10): the
     * same fields, key and window, a copy of the image file of its own, no solutions, authored by
     * the caller.
     */
    async copy(actor, id, input) {
        const source = await repo.findLiveTask(this.db, id);
        if (!source)
            throw notFound();
        requireAccess(actor, 'task.copy', { groupId: source.groupId });
        await this.requireDestinationGroup(actor, 'task.copy', input.group);
        const bytes = source.imageKey ? await this.images.get(source.imageKey) : null;
        const imageKey = bytes && source.imageKey ? await this.images.put(bytes, source.imageKey.slice(source.imageKey.lastIndexOf('.') + 1)) : null;
        const newId = await withImageCleanup(this.images, imageKey, async () => {
            try {
                return await repo.insertTask(this.db, {
                    title: source.title,
                    text: source.text,
                    level: source.level,
                    points: source.points,
                    groupId: input.group,
                    authorId: actor.id,
                    imageKey,
                    answerKind: source.answerKind,
                    answerKey: source.answerKey,
                    tolerance: source.tolerance,
                    checkMode: source.checkMode,
                    opensAt: source.opensAt,
                    closesAt: source.closesAt,
                });
            }
            catch (err) {
                if (isForeignKeyViolation(err))
                    throw validationError({ group: GROUP_UNKNOWN });
                throw err;
            }
        });
        const task = await repo.findLiveTask(this.db, newId);
        if (!task)
            throw notFound();
        const copied = this.present(task);
        await this.announceNew(copied);
        return copied;
    }
    /** Answered, correct and waiting per live task of the teacher's groups (one grouped query). */
    async countsFor(actor) {
        return repo.taskCounts(this.db, taskScope(actor).groupIds);
    }
    /**
     * A new task reaches its group's students now if it is open; a scheduled one is not announced
     * (the arena refetches its list at the next opening time it is given).
     */
    async announceNew(task) {
        if (taskWindow(task, Date.now()) !== 'scheduled')
            await this.live.taskPublished(task);
    }
    /**
     * The answer-key fields as they will be stored, or a 400: the rules across the fields, then the
     * checker's reading of the key for its kind (its error is the i18n key the form shows).
     */
    async checkedAnswerKey(fields) {
        const errors = answerKeyFieldErrors(fields);
        if (Object.keys(errors).length > 0)
            throw validationError(errors);
        if (fields.answerKind === 'none')
            return { answerKind: 'none', answerKey: null, tolerance: 0, checkMode: fields.checkMode };
        const parsed = await this.checker.parseKey(fields.answerKind, fields.answerKey);
        if (!parsed.ok)
            throw validationError({ answerKey: parsed.error });
        return { answerKind: fields.answerKind, answerKey: fields.answerKey, tolerance: fields.tolerance, checkMode: fields.checkMode };
    }
    /** A task as its group's teachers see it, with the key; anyone else gets presentToStudent. */
    present(row) {
        return { ...this.presentToStudent(row), answerKey: row.answerKey, tolerance: row.tolerance };
    }
    /** A task without its key and tolerance: what a student may see. */
    presentToStudent(row) {
        const imageSecureUrl = this.urls.urlFor(row.imageKey);
        return {
            id: row.id,
            title: row.title,
            text: row.text,
            level: row.level,
            points: row.points,
            group: { id: row.groupId, name: row.groupName },
            createdAt: row.createdAt,
            author: { id: row.authorId, name: row.authorName },
            ...(imageSecureUrl ? { imageSecureUrl } : {}),
            answerKind: row.answerKind,
            checkMode: row.checkMode,
            ...(row.opensAt ? { opensAt: row.opensAt } : {}),
            ...(row.closesAt ? { closesAt: row.closesAt } : {}),
        };
    }
}
//# sourceMappingURL=tasks.service.js.map