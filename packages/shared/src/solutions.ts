import { z } from 'zod';
import { annotationsInputSchema, annotationsSchema } from './annotations.js';
import { autoVerdictSchema } from './answer-keys.js';
import { ANSWER_MAX, FEEDBACK_MAX, IMAGE_MAX_BYTES } from './constants.js';
import { idParamSchema, idSchema, isoDateSchema } from './fields.js';

/** A solution (SEED.md §3), with the review facts PRODUCT.md §6 adds. */
export const solutionSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  authorId: z.number().int(),
  /** The student's name: teachers need it on the review page. */
  author: z.object({ id: z.number().int(), name: z.string() }),
  /** Markdown with math, trimmed. May be empty when an image carries the answer. */
  answer: z.string(),
  imageSecureUrl: z.string().optional(),
  reviewed: z.boolean(),
  correct: z.boolean(),
  /** The teacher's note to the student, if any. */
  feedback: z.string().nullable(),
  createdAt: isoDateSchema,
  reviewedAt: isoDateSchema.nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The checker's verdict (PRODUCT.md §9): null when the task has no key or the answer is a photo only. */
  autoVerdict: autoVerdictSchema,
  /** Who gave the final verdict: a teacher (see reviewer), the checker (auto mode), or nobody yet. */
  judgedBy: z.literal(['teacher', 'checker', null]),
  /**
   * The teacher's marks on the photo (PRODUCT.md §14), as saved; the server always sends it ([] when
   * none). Only its author and teachers see a solution.
   */
  annotations: annotationsSchema.optional(),
}).meta({ id: 'Solution', description: "A student's answer to a task, with the checker's verdict if the task has a key, and the final verdict once reviewed." });
export type Solution = z.infer<typeof solutionSchema>;

/** POST /api/solutions text fields (multipart); the image is the optional `solutionImage` part. */
export const createSolutionFieldsSchema = z.object({
  taskId: idParamSchema,
  answer: z.string().trim().max(ANSWER_MAX, 'solutions.error.answerTooLong').default(''),
});
export type CreateSolutionFields = z.infer<typeof createSolutionFieldsSchema>;
/**
 * POST /api/solutions as a client sends it: the OpenAPI document's multipart/form-data body (the
 * server reads the parts itself and checks them with createSolutionFieldsSchema).
 */
export const createSolutionFormSchema = z.object({
  taskId: idSchema,
  answer: z.string().max(ANSWER_MAX).optional().meta({ description: 'Markdown with math. Answer or solutionImage is required.' }),
  solutionImage: z
    .string()
    .optional()
    .meta({ format: 'binary', description: `A photo of the answer (JPEG, PNG, WebP, GIF, HEIC/AVIF) of at most ${IMAGE_MAX_BYTES} bytes.` }),
});

export const ANSWER_OR_IMAGE_REQUIRED = 'solutions.error.answerOrImageRequired';

// The marks a teacher puts on a solution's photo belong to the solution's contract (PRODUCT.md §14).
export * from './annotations.js';

const booleanQuery = z.enum(['true', 'false'], { error: 'common.error.invalidFilter' }).transform((v) => v === 'true');

/** GET /api/solutions query. A student's own id is applied whatever authorId they send. */
export const solutionsQuerySchema = z.object({
  authorId: idParamSchema.optional(),
  taskId: idParamSchema.optional(),
  reviewed: booleanQuery.optional(),
});
export type SolutionsQuery = z.infer<typeof solutionsQuerySchema>;

/** PUT /api/solutions/{id}: the teacher's verdict. */
export const reviewSolutionSchema = z.object({
  correct: z.boolean({ error: 'review.error.verdictRequired' }),
  reviewed: z.boolean({ error: 'review.error.verdictRequired' }),
  feedback: z.string().trim().max(FEEDBACK_MAX, 'review.error.feedbackTooLong').nullish(),
  /** Marks on the photo (PRODUCT.md §14): replace the saved ones; omitted keeps them, [] clears them. */
  annotations: annotationsInputSchema.optional(),
  /**
   * A saved comment of the caller's (PRODUCT.md §15): its text becomes the feedback unless
   * `feedback` is sent too, and its `uses` grows by one. Another teacher's or an unknown one: 404.
   */
  snippetId: idSchema
    .max(2_147_483_647, 'common.error.invalidId')
    .optional()
    .meta({ description: 'One of your saved comments: its text becomes the feedback unless feedback is sent too; its uses grows by one.' }),
});
export type ReviewSolutionInput = z.infer<typeof reviewSolutionSchema>;

/** At most this many solutions judged by one POST /api/solutions/review (PRODUCT.md §15). */
export const REVIEW_MANY_MAX = 200;

/** POST /api/solutions/review: one verdict for many solutions, all or nothing (inline in OpenAPI, like the single verdict). */
export const reviewManySchema = z.object({
  ids: z
    .array(idSchema.max(2_147_483_647), { error: 'review.error.idsInvalid' })
    .min(1, 'review.error.idsInvalid')
    .max(REVIEW_MANY_MAX, 'review.error.idsTooMany'),
  correct: z.boolean({ error: 'review.error.verdictRequired' }),
  feedback: z.string().trim().max(FEEDBACK_MAX, 'review.error.feedbackTooLong').nullish(),
  /** As on PUT /api/solutions/{id}: the saved comment's text is the feedback unless `feedback` is sent; its `uses` grows by one per request. */
  snippetId: idSchema
    .max(2_147_483_647, 'common.error.invalidId')
    .optional()
    .meta({ description: 'One of your saved comments: its text is the feedback unless feedback is sent; its uses grows by one per request.' }),
});
export type ReviewManyInput = z.infer<typeof reviewManySchema>;

export const reviewManyResultSchema = z.object({
  /** How many solutions now carry the verdict. */
  updated: z.number().int(),
}).meta({ id: 'ReviewManyResult' });
export type ReviewManyResult = z.infer<typeof reviewManyResultSchema>;
