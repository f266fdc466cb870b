import { z } from 'zod';
import { IMAGE_MAX_BYTES, TASK_TEXT_MAX, TASK_TITLE_MAX } from './constants.js';
import { idSchema, isoDateSchema, levelSchema, pointsSchema } from './fields.js';
import { INVALID_VALUE_KEY } from './errors.js';
import {
  ANSWER_KEY_ERRORS,
  ANSWER_KEY_MAX,
  answerKeySchema,
  answerKindSchema,
  checkModeSchema,
  DEFAULT_ANSWER_KIND,
  DEFAULT_CHECK_MODE,
  TOLERANCE_MAX,
  toleranceSchema,
  type AnswerKind,
  type CheckMode,
} from './answer-keys.js';
import { groupSchema } from './groups.js';

/**
 * A task as a student sees it (SEED.md §3 "Task", PRODUCT.md §9): never the answer key or its
 * tolerance. A separate schema, not an omission at run time: the compiled serializer writes only
 * the properties a response schema declares, so a student's answer cannot carry the key even if a
 * service handed it over. `imageSecureUrl` is a signed, expiring link.
 */
export const studentTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Markdown with `$…$` / `$$…$$` math; rendered without raw HTML. */
  text: z.string(),
  level: levelSchema,
  points: z.number().int(),
  group: groupSchema,
  createdAt: isoDateSchema,
  author: z.object({ id: z.number().int(), name: z.string() }),
  imageSecureUrl: z.string().optional(),
  /** Whether and how answers are checked (the key itself is the teachers'). */
  answerKind: answerKindSchema,
  checkMode: checkModeSchema,
  /** When students first see the task (absent: at once). PRODUCT.md §10. */
  opensAt: isoDateSchema.optional(),
  /** After this the task is closed: shown with its answers, no new ones (absent: never). */
  closesAt: isoDateSchema.optional(),
}).meta({
  id: 'StudentTask',
  description: "A live task of the student's group. imageSecureUrl, when present, is a signed link valid for a limited time. Never carries the answer key.",
});
export type StudentTask = z.infer<typeof studentTaskSchema>;

/** A task as its group's teachers see it: with the answer key (PRODUCT.md §9). */
export const taskSchema = studentTaskSchema.extend({
  /** The key as the teacher typed it; null when answerKind is none. */
  answerKey: z.string().nullable(),
  /** Only for number keys; 0 = exact. */
  tolerance: z.number(),
}).meta({ id: 'Task', description: 'A live task of a group, as its teachers see it (with the answer key). imageSecureUrl, when present, is a signed link valid for a limited time.' });
export type Task = z.infer<typeof taskSchema>;

/** Multipart fields arrive as text; an empty one means "not given". */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An ISO-8601 instant a teacher sets (opensAt, closesAt), or null to clear it. */
const scheduleSchema = z
  .string({ error: 'teacher.tasks.form.errors.dateInvalid' })
  .max(40, 'teacher.tasks.form.errors.dateInvalid')
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), 'teacher.tasks.form.errors.dateInvalid')
  .transform((v) => new Date(v).toISOString())
  .nullable()
  .meta({ format: 'date-time' });

/**
 * POST /api/tasks text fields (multipart, so numbers arrive as text). The image is the optional
 * `taskImage` file part; "text or image" is checked once the parts are read.
 */
export const createTaskFieldsSchema = z.object({
  title: z
    .string({ error: 'teacher.tasks.form.errors.titleRequired' })
    .trim()
    .min(1, 'teacher.tasks.form.errors.titleRequired')
    .max(TASK_TITLE_MAX, 'teacher.tasks.form.errors.titleTooLong'),
  text: z.string().trim().max(TASK_TEXT_MAX, 'teacher.tasks.form.errors.textTooLong').default(''),
  level: levelSchema,
  points: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'teacher.tasks.form.errors.pointsRequired' }).pipe(pointsSchema)),
  group: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'teacher.tasks.form.errors.groupRequired' }).pipe(idSchema.max(2_147_483_647, 'teacher.tasks.form.errors.groupRequired')),
  ),
  answerKind: z.preprocess(emptyToUndefined, answerKindSchema.default(DEFAULT_ANSWER_KIND)),
  answerKey: answerKeySchema.default(''),
  tolerance: toleranceSchema,
  checkMode: z.preprocess(emptyToUndefined, checkModeSchema.default(DEFAULT_CHECK_MODE)),
  opensAt: z.preprocess(emptyToUndefined, scheduleSchema.optional()),
  closesAt: z.preprocess(emptyToUndefined, scheduleSchema.optional()),
});
export type CreateTaskFields = z.infer<typeof createTaskFieldsSchema>;
/** The answer-key fields as the OpenAPI document shows them (POST form and PATCH body alike). */
const answerKeyFormFields = {
  answerKind: answerKindSchema.optional().meta({ description: 'none (default), number, expression, set or text.' }),
  answerKey: z.string().max(ANSWER_KEY_MAX).optional().meta({
    description: 'The answer as a student would type it (5/6, \\frac{5}{6}, x=2, x=3…); required unless answerKind is none. A key that does not parse is a 400 with validationErrors.answerKey.',
  }),
  tolerance: z.number().min(0).max(TOLERANCE_MAX).optional().meta({ description: 'Only for number keys: how far an answer may be from the key (default 0 = exact).' }),
  checkMode: checkModeSchema.optional().meta({ description: "manual (default), suggest (the checker's verdict is pre-selected for the teacher) or auto (correct/incorrect is final at once)." }),
};

/**
 * POST /api/tasks as a client sends it: the OpenAPI document's multipart/form-data body (the
 * server reads the parts itself and checks them with createTaskFieldsSchema).
 */
export const createTaskFormSchema = z.object({
  title: z.string().min(1).max(TASK_TITLE_MAX),
  text: z.string().max(TASK_TEXT_MAX).optional().meta({ description: 'Markdown with $…$ / $$…$$ math. Text or taskImage is required.' }),
  level: levelSchema,
  points: pointsSchema,
  group: idSchema.meta({ description: 'The id of one of your groups.' }),
  taskImage: z
    .string()
    .optional()
    .meta({ format: 'binary', description: `An image file (JPEG, PNG, WebP, GIF, HEIC/AVIF) of at most ${IMAGE_MAX_BYTES} bytes.` }),
  ...answerKeyFormFields,
  opensAt: z.string().optional().meta({ format: 'date-time', description: 'Students see the task from this instant (empty: at once).' }),
  closesAt: z.string().optional().meta({ format: 'date-time', description: 'After this instant no solutions are accepted (empty: never).' }),
});

/** Key shown when neither text nor image is given. */
export const TEXT_OR_IMAGE_REQUIRED = 'teacher.tasks.form.errors.textOrImageRequired';
export const GROUP_REQUIRED = 'teacher.tasks.form.errors.groupRequired';

/** Shown under closesAt when it is not after opensAt. */
export const CLOSES_BEFORE_OPENS = 'teacher.tasks.form.errors.closesBeforeOpens';

/**
 * PATCH /api/tasks/{id}: the fields to change, each optional (PRODUCT.md §9, §10). JSON, or the
 * same fields as multipart/form-data with a new `taskImage` file; `removeImage: true` drops the
 * image. Text or image must remain, and closesAt must come after opensAt.
 */
export const updateTaskSchema = z.object({
  title: z
    .string({ error: 'teacher.tasks.form.errors.titleRequired' })
    .trim()
    .min(1, 'teacher.tasks.form.errors.titleRequired')
    .max(TASK_TITLE_MAX, 'teacher.tasks.form.errors.titleTooLong')
    .optional(),
  text: z.string({ error: INVALID_VALUE_KEY }).trim().max(TASK_TEXT_MAX, 'teacher.tasks.form.errors.textTooLong').optional(),
  level: levelSchema.optional(),
  points: pointsSchema.optional(),
  group: z.number({ error: 'teacher.tasks.form.errors.groupRequired' }).pipe(idSchema.max(2_147_483_647, 'teacher.tasks.form.errors.groupRequired')).optional().meta({
    description: 'Move the task to another of your groups; refused (409 TASK_HAS_SOLUTIONS) once it has solutions.',
  }),
  opensAt: scheduleSchema.optional().meta({ description: 'Students see the task from this instant (null: at once).' }),
  closesAt: scheduleSchema.optional().meta({ description: 'After this instant no solutions are accepted (409 TASK_CLOSED; null: never).' }),
  removeImage: z.boolean({ error: INVALID_VALUE_KEY }).optional().meta({ description: 'true drops the task image (ignored when a new taskImage is sent).' }),
  answerKind: answerKindSchema.optional(),
  answerKey: answerKeySchema.nullable().optional(),
  tolerance: z
    .number({ error: ANSWER_KEY_ERRORS.tolerance })
    .finite(ANSWER_KEY_ERRORS.tolerance)
    .min(0, ANSWER_KEY_ERRORS.tolerance)
    .max(TOLERANCE_MAX, ANSWER_KEY_ERRORS.tolerance)
    .optional(),
  checkMode: checkModeSchema.optional(),
});
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

/**
 * PATCH /api/tasks/{id} as multipart/form-data (when the image changes): the same fields as text
 * parts, and the new image. The OpenAPI document lists it beside the JSON body; the server turns
 * the parts into an updateTaskSchema body before validating (an empty opensAt/closesAt clears it).
 */
export const updateTaskFormSchema = z.object({
  title: z.string().min(1).max(TASK_TITLE_MAX).optional(),
  text: z.string().max(TASK_TEXT_MAX).optional().meta({ description: 'Markdown with $…$ / $$…$$ math.' }),
  level: levelSchema.optional(),
  points: pointsSchema.optional(),
  group: idSchema.optional().meta({ description: 'Move the task to another of your groups; refused (409 TASK_HAS_SOLUTIONS) once it has solutions.' }),
  taskImage: z
    .string()
    .optional()
    .meta({ format: 'binary', description: `The new image (JPEG, PNG, WebP, GIF, HEIC/AVIF) of at most ${IMAGE_MAX_BYTES} bytes; it replaces the old one.` }),
  removeImage: z.enum(['true', 'false']).optional().meta({ description: 'true drops the task image (ignored when a new taskImage is sent).' }),
  ...answerKeyFormFields,
  opensAt: z.string().optional().meta({ format: 'date-time', description: 'Students see the task from this instant (empty: at once).' }),
  closesAt: z.string().optional().meta({ format: 'date-time', description: 'After this instant no solutions are accepted (empty: never).' }),
});

/** A task's answer-key fields together, as stored and as checked. */
export interface AnswerKeyFields {
  answerKind: AnswerKind;
  answerKey: string;
  tolerance: number;
  checkMode: CheckMode;
}

/** Shown when a check mode other than manual is chosen for a task without a key. */
export const CHECK_MODE_NEEDS_KEY = 'teacher.tasks.form.errors.checkModeNeedsKey';

/**
 * The rules across the answer-key fields (whether the key parses is the server checker's part):
 * a kind needs a key, tolerance is for numbers only, checking needs a key. Field → i18n key.
 */
export function answerKeyFieldErrors(fields: AnswerKeyFields): Record<string, string> {
  const errors: Record<string, string> = {};
  if (fields.answerKind !== 'none' && fields.answerKey.trim() === '') errors.answerKey = ANSWER_KEY_ERRORS.required;
  if (fields.answerKind !== 'number' && fields.tolerance !== 0) errors.tolerance = ANSWER_KEY_ERRORS.tolerance;
  if (fields.answerKind === 'none' && fields.checkMode !== 'manual') errors.checkMode = CHECK_MODE_NEEDS_KEY;
  return errors;
}

/** POST /api/tasks/{id}/copy: the group the copy goes to (one of the teacher's). */
export const copyTaskSchema = z.object({
  group: z.number({ error: 'teacher.tasks.form.errors.groupRequired' }).pipe(idSchema.max(2_147_483_647, 'teacher.tasks.form.errors.groupRequired')),
});
export type CopyTaskInput = z.infer<typeof copyTaskSchema>;

/** How a task is going (PRODUCT.md §10): students who answered, were judged correct, and answers waiting for review. */
export const taskCountsSchema = z.object({
  answered: z.number().int(),
  correct: z.number().int(),
  waiting: z.number().int(),
}).meta({ id: 'TaskCounts' });
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** A task in the teacher's list (GET /api/tasks): with its counts. */
export const teacherTaskSchema = taskSchema.extend({ counts: taskCountsSchema }).meta({
  id: 'TeacherTask',
  description: "A live task of one of the teacher's groups with its answer key and its counts.",
});
export type TeacherTask = z.infer<typeof teacherTaskSchema>;

/** Open, not open yet, or closed at `now` (ms since the epoch). */
export type TaskWindow = 'open' | 'scheduled' | 'closed';
export function taskWindow(task: { opensAt?: string | null | undefined; closesAt?: string | null | undefined }, now: number): TaskWindow {
  if (task.opensAt && Date.parse(task.opensAt) > now) return 'scheduled';
  if (task.closesAt && Date.parse(task.closesAt) <= now) return 'closed';
  return 'open';
}
