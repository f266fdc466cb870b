import { z } from 'zod';
import { IMAGE_MAX_BYTES, TASK_TEXT_MAX, TASK_TITLE_MAX } from './constants.js';
import { idSchema, isoDateSchema, levelSchema, pointsSchema } from './fields.js';
import { groupSchema } from './groups.js';

/** A task as lists show it (SEED.md §3 "Task"). `imageSecureUrl` is a signed, expiring link. */
export const taskSchema = z.object({
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
}).meta({ id: 'Task', description: 'A live task of a group. imageSecureUrl, when present, is a signed link valid for a limited time.' });
export type Task = z.infer<typeof taskSchema>;

/** Multipart fields arrive as text; an empty one means "not given". */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
});
export type CreateTaskFields = z.infer<typeof createTaskFieldsSchema>;
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
});

/** Key shown when neither text nor image is given. */
export const TEXT_OR_IMAGE_REQUIRED = 'teacher.tasks.form.errors.textOrImageRequired';
export const GROUP_REQUIRED = 'teacher.tasks.form.errors.groupRequired';
