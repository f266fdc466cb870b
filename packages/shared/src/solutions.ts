import { z } from 'zod';
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
});
export type ReviewSolutionInput = z.infer<typeof reviewSolutionSchema>;
