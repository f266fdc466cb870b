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
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** True when `text` holds none of HIDDEN_CHARACTERS. */
export const hasNoHiddenCharacters = (text: string) => !HIDDEN_CHARACTERS.test(text);

/**
 * Unicode's default-ignorable code points (U+034F, U+17B5, the variation selectors U+FE00–U+FE0F,
 * the tags…) draw nothing either, so `adm\u034Fin` displayed as "admin"; they are in
 * HIDDEN_CHARACTERS with the rest. More than 3 combining marks in a row draw a tower over the
 * lines around the name (60 stacked accents), and a mark on no letter draws on whatever is beside it.
 */
const STACKED_OR_LOOSE_MARKS = /\p{M}{4}|(?:^|[^\p{L}\p{M}])\p{M}/u;

/**
 * A person's name as people read it (issue 50): no hidden characters, at least one letter that
 * draws, and at most 3 combining marks on a letter.
 */
export const isReadableName = (text: string) => hasNoHiddenCharacters(text) && /\p{L}/u.test(text) && !STACKED_OR_LOOSE_MARKS.test(text);

/** True when `text` holds no run of more than 3 combining marks and no mark on no letter. */
export const hasNoStackedMarks = (text: string) => !STACKED_OR_LOOSE_MARKS.test(text);

/**
 * A login: letters, digits, `.`, `_` and `-`, nothing else (no space, mark, filler or invisible
 * character, so no two logins look alike by what does not draw).
 */
export const LOGIN_PATTERN = /^(?:(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{Nd}._-])+$/u;

/** Timestamps travel as ISO-8601 UTC strings on both databases. */
export const isoDateSchema = z.string().meta({ format: 'date-time', example: '2026-11-21T09:30:00.000Z' });
