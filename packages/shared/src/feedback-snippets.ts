import { z } from 'zod';
import { autoVerdictSchema } from './answer-keys.js';

/**
 * Review at the speed of a class (PRODUCT.md §15): a teacher's saved comments ("feedback
 * snippets") and a task's answer groups (the same typed answer judged once).
 */

/** A saved comment is 1–500 characters after trimming. */
export const FEEDBACK_SNIPPET_MAX = 500;
/** At most this many saved comments per teacher; one more is a 400 SNIPPET_LIMIT. */
export const FEEDBACK_SNIPPETS_PER_TEACHER = 100;

/** i18n keys of the messages shown under the comment field. */
export const FEEDBACK_SNIPPET_ERRORS = {
  required: 'review.snippets.error.textRequired',
  tooLong: 'review.snippets.error.textTooLong',
  /** With the 400 SNIPPET_LIMIT: the teacher already has FEEDBACK_SNIPPETS_PER_TEACHER. */
  limit: 'review.snippets.error.limit',
} as const;

/** One saved comment. `text` may hold math (`$…$`): stored as typed, rendered by the client. */
export const feedbackSnippetSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** How many verdicts used it (PUT /api/solutions/{id} with its snippetId). */
  uses: z.number().int(),
}).meta({ id: 'FeedbackSnippet', description: "A teacher's saved comment, with how many verdicts used it." });
export type FeedbackSnippet = z.infer<typeof feedbackSnippetSchema>;

/** GET /api/feedback-snippets: the caller's own, most used first, then newest. */
export const feedbackSnippetsSchema = z.array(feedbackSnippetSchema);

/** POST /api/feedback-snippets body. */
export const createFeedbackSnippetSchema = z.object({
  text: z
    .string({ error: FEEDBACK_SNIPPET_ERRORS.required })
    .trim()
    .min(1, FEEDBACK_SNIPPET_ERRORS.required)
    .max(FEEDBACK_SNIPPET_MAX, FEEDBACK_SNIPPET_ERRORS.tooLong),
});
export type CreateFeedbackSnippetInput = z.infer<typeof createFeedbackSnippetSchema>;

/**
 * One group of equal typed answers to a task (GET /api/tasks/{id}/answer-groups). `answer` is one
 * member's answer as typed (the group's representative); `solutionIds` are the solutions in the
 * group, all waiting for review; `autoVerdict` is the checker's verdict for the group when the task
 * has an answer key, else null.
 */
export const answerGroupSchema = z.object({
  answer: z.string(),
  count: z.number().int(),
  solutionIds: z.array(z.number().int()),
  autoVerdict: autoVerdictSchema,
}).meta({ id: 'AnswerGroup', description: 'Typed answers (without a photo) waiting for review that are the same answer: judge them once with POST /api/solutions/review.' });
export type AnswerGroup = z.infer<typeof answerGroupSchema>;

/** GET /api/tasks/{id}/answer-groups: largest group first. */
export const answerGroupsSchema = z.array(answerGroupSchema);
