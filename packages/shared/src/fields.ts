import { z } from 'zod';
import { GRADE_LETTERS, GRADE_MAX, GRADE_MIN, LEVELS, POINTS_MAX, POINTS_MIN, ROLES } from './constants.js';

/** Field schemas reused across areas; messages are i18n keys the forms show under the field. */
export const idSchema = z.number().int().positive();
/** An id arriving as text (path params, multipart fields, query strings). */
export const idParamSchema = z.coerce.number({ error: 'common.error.invalidId' }).int('common.error.invalidId').positive('common.error.invalidId').max(2_147_483_647, 'common.error.invalidId');
export const idParamsSchema = z.object({ id: idParamSchema });

export const roleSchema = z.enum(ROLES);
export const gradeSchema = z
  .number({ error: 'auth.error.gradeRequired' })
  .int('auth.error.gradeRange')
  .min(GRADE_MIN, 'auth.error.gradeRange')
  .max(GRADE_MAX, 'auth.error.gradeRange');
export const gradeLetterSchema = z.enum(GRADE_LETTERS, { error: 'auth.error.gradeLetterRequired' });
export const levelSchema = z.enum(LEVELS, { error: 'teacher.tasks.form.errors.levelRequired' });
export const pointsSchema = z
  .number({ error: 'teacher.tasks.form.errors.pointsRequired' })
  .int('teacher.tasks.form.errors.pointsRange')
  .min(POINTS_MIN, 'teacher.tasks.form.errors.pointsRange')
  .max(POINTS_MAX, 'teacher.tasks.form.errors.pointsRange');
/**
 * Characters a name people read must not hold (PRODUCT.md §16): control characters, invisible
 * formatting (bidi overrides such as U+202E, zero-width U+200B–U+200D, U+2060, the BOM), lone
 * surrogates, private-use code points, line/paragraph separators and the blank "filler" letters
 * that render as nothing. Each would let two names look alike or make one draw over the page.
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** True when `text` holds none of HIDDEN_CHARACTERS. */
export const hasNoHiddenCharacters = (text: string) => !HIDDEN_CHARACTERS.test(text);

/** Timestamps travel as ISO-8601 UTC strings on both databases. */
export const isoDateSchema = z.string().meta({ format: 'date-time', example: '2026-11-21T09:30:00.000Z' });
