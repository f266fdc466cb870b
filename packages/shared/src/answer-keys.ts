import { z } from 'zod';

/**
 * Answer keys and instant checking (PRODUCT.md §9): what a teacher's key is and what the checker
 * answers. Not yet part of the task schemas: those fields are wired in where tasks are created and
 * edited, these are the pieces they are built from.
 */

/** What kind of answer a task expects; `none` (the default) means no key and no checking. */
export const ANSWER_KINDS = ['none', 'number', 'expression', 'set', 'text'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
export const DEFAULT_ANSWER_KIND: AnswerKind = 'none';

/** What the checker's verdict does: nothing (`manual`), a pre-selected verdict (`suggest`) or a final one (`auto`). */
export const CHECK_MODES = ['manual', 'suggest', 'auto'] as const;
export type CheckMode = (typeof CHECK_MODES)[number];
export const DEFAULT_CHECK_MODE: CheckMode = 'manual';

/** The checker's answer; `unsure` always waits for a teacher. */
export const CHECK_VERDICTS = ['correct', 'incorrect', 'unsure'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

/** A key is typed the way a student would type the answer: short. */
export const ANSWER_KEY_MAX = 500;
/**
 * Answers longer than this are not parsed by the checker at all (the verdict is `unsure`): a real
 * answer to a task with a key is a number, a formula or a short phrase, and parsing cost grows with
 * length.
 */
export const CHECKABLE_ANSWER_MAX = 1_000;
/** Upper bound for `tolerance`, so a typo cannot make every number "correct" silently forever. */
export const TOLERANCE_MAX = 1e9;
/** Default tolerance: 0 means exact, so `0.83` is not `5/6`. */
export const DEFAULT_TOLERANCE = 0;

/** i18n keys of the messages shown under the key and tolerance fields of the task form. */
export const ANSWER_KEY_ERRORS = {
  required: 'teacher.tasks.form.errors.answerKeyRequired',
  tooLong: 'teacher.tasks.form.errors.answerKeyTooLong',
  invalid: 'teacher.tasks.form.errors.answerKeyInvalid',
  notANumber: 'teacher.tasks.form.errors.answerKeyNotANumber',
  /** `1,500` (1.5 or 1500?), `1/2x` (x/2 or 1/(2x)?): the key must have one reading. */
  ambiguous: 'teacher.tasks.form.errors.answerKeyAmbiguous',
  tolerance: 'teacher.tasks.form.errors.toleranceInvalid',
} as const;

/** Multipart fields arrive as text; an empty one means "not given". */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const answerKindSchema = z.enum(ANSWER_KINDS, { error: 'teacher.tasks.form.errors.answerKindInvalid' });
export const checkModeSchema = z.enum(CHECK_MODES, { error: 'teacher.tasks.form.errors.checkModeInvalid' });

/** The key as typed by the teacher; whether it parses for its kind is decided by the server's checker. */
export const answerKeySchema = z
  .string({ error: ANSWER_KEY_ERRORS.required })
  .trim()
  .max(ANSWER_KEY_MAX, ANSWER_KEY_ERRORS.tooLong);

/** Tolerance for `number` keys: a finite number ≥ 0 (text in multipart forms, so coerced). */
export const toleranceSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: ANSWER_KEY_ERRORS.tolerance })
    .finite(ANSWER_KEY_ERRORS.tolerance)
    .min(0, ANSWER_KEY_ERRORS.tolerance)
    .max(TOLERANCE_MAX, ANSWER_KEY_ERRORS.tolerance)
    .default(DEFAULT_TOLERANCE),
);

/** A solution's `autoVerdict`: `null` when the task has no key or the answer is a photo only. */
export const checkVerdictSchema = z.enum(CHECK_VERDICTS);
// One enum with null in it (not `.nullable()`): OpenAPI 3.0 cannot say "this enum or null" otherwise.
export const autoVerdictSchema = z.literal([...CHECK_VERDICTS, null]);
export type AutoVerdict = z.infer<typeof autoVerdictSchema>;

/** What the checker needs to judge one answer. */
export const answerKeySpecSchema = z.object({
  kind: answerKindSchema.exclude(['none']),
  key: answerKeySchema.min(1, ANSWER_KEY_ERRORS.required),
  tolerance: z.number().finite().min(0).max(TOLERANCE_MAX).default(DEFAULT_TOLERANCE),
});
export type AnswerKeySpec = z.input<typeof answerKeySpecSchema>;

/**
 * POST /api/answer-keys/check (teachers): the task form's live preview of a key and its
 * "try an answer" box. Nothing is stored; the same checker and limits as real answers. Inline in
 * OpenAPI, without a component name: a body with defaults would be listed twice (input and output).
 */
export const answerKeyCheckSchema = z.object({
  answerKind: answerKindSchema.exclude(['none'], { error: 'teacher.tasks.form.errors.answerKindInvalid' }),
  answerKey: answerKeySchema.min(1, ANSWER_KEY_ERRORS.required),
  tolerance: z
    .number({ error: ANSWER_KEY_ERRORS.tolerance })
    .finite(ANSWER_KEY_ERRORS.tolerance)
    .min(0, ANSWER_KEY_ERRORS.tolerance)
    .max(TOLERANCE_MAX, ANSWER_KEY_ERRORS.tolerance)
    .default(DEFAULT_TOLERANCE),
  /** The answer to try; empty: only the key is read. */
  answer: z.string().trim().max(CHECKABLE_ANSWER_MAX, 'teacher.tasks.form.errors.tryAnswerTooLong').default(''),
});
export type AnswerKeyCheckInput = z.input<typeof answerKeyCheckSchema>;

/** The checker's reading of a key, and its verdict on the tried answer (null when none was given). */
export const answerKeyCheckResultSchema = z.object({
  /** The key as the checker understood it, as LaTeX for the preview; null for text keys. */
  keyLatex: z.string().nullable(),
  verdict: z.literal([...CHECK_VERDICTS, null]),
}).meta({ id: 'AnswerKeyCheckResult', description: "How the checker reads the key, and the verdict it would give the answer (null without one)." });
export type AnswerKeyCheckResult = z.infer<typeof answerKeyCheckResultSchema>;

/** Tries of the task form's preview per teacher per minute (each costs a worker's time). */
export const ANSWER_KEY_CHECKS_PER_MINUTE = 120;
