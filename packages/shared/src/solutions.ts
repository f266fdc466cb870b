import { z } from 'zod';
import { ANSWER_MAX, FEEDBACK_MAX } from './constants.js';
import { idParamSchema, isoDateSchema } from './fields.js';

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
});
export type Solution = z.infer<typeof solutionSchema>;

/** POST /api/solutions text fields (multipart); the image is the optional `solutionImage` part. */
export const createSolutionFieldsSchema = z.object({
  taskId: idParamSchema,
  answer: z.string().trim().max(ANSWER_MAX, 'solutions.error.answerTooLong').default(''),
});
export type CreateSolutionFields = z.infer<typeof createSolutionFieldsSchema>;
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
