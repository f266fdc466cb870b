/** Business constants shared by the server, the web app and the tests (SEED.md §9, PRODUCT.md §7). */

/** Every role the system knows. `admin` exists but is never self-selectable. */
export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose on the sign-up form. */
export const SELF_SELECTABLE_ROLES = ['student', 'teacher'] as const;
export type SelfSelectableRole = (typeof SELF_SELECTABLE_ROLES)[number];

/** Roles with teacher powers (activate users, author tasks, review). */
export const TEACHING_ROLES: readonly Role[] = ['teacher', 'admin'];

/** The 33 letters of the Ukrainian alphabet used to name parallel classes (7-А, 7-Б…). */
export const GRADE_LETTERS = [
  'А', 'Б', 'В', 'Г', 'Ґ', 'Д', 'Е', 'Є', 'Ж', 'З', 'И', 'І', 'Ї', 'Й', 'К', 'Л', 'М',
  'Н', 'О', 'П', 'Р', 'С', 'Т', 'У', 'Ф', 'Х', 'Ц', 'Ч', 'Ш', 'Щ', 'Ь', 'Ю', 'Я',
] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

export const GRADE_MIN = 1;
export const GRADE_MAX = 12;
/** Defaults the sign-up form starts a student with. */
export const DEFAULT_GRADE = 6;
export const DEFAULT_GRADE_LETTER: GradeLetter = 'А';

export const LEVELS = ['beginner', 'experienced', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const POINTS_OPTIONS = [1, 2, 3, 4, 5] as const;
export const POINTS_MIN = 1;
export const POINTS_MAX = 5;

/** Upload limits (SEED.md §5, PRODUCT.md §5). */
export const IMAGE_MAX_BYTES = 5_000_000;
/** Decompression-bomb guard: the decoder refuses anything with more pixels than this. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Stored images are scaled down to this long side. */
export const IMAGE_MAX_SIDE = 2048;

/** Text limits: generous for people, small enough that nobody can fill the disk through a form. */
export const LOGIN_MAX = 64;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const GROUP_NAME_MAX = 80;
export const TASK_TITLE_MAX = 200;
export const TASK_TEXT_MAX = 10_000;
export const ANSWER_MAX = 10_000;
export const FEEDBACK_MAX = 2_000;

/** Scoring (PRODUCT.md §7): the landing page shows these numbers. */
export const ACCURACY_BONUS = 1;
/** Speed bonus for the 1st, 2nd and 3rd correct solvers of a task in a group, by submission time. */
export const SPEED_BONUSES = [3, 2, 1] as const;
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** UI timings (SEED.md §9). */
export const MIN_LOADING_MS = 1000;
export const SUCCESS_TOAST_MS = 2000;
export const DRAFT_DEBOUNCE_MS = 1000;
export const DRAFT_PREVIEW_CHARS = 20;

/** Languages (SEED.md §1): fallback is Ukrainian. */
export const LANGUAGES = ['en', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'uk';

/** Achievements and streaks (PRODUCT.md §12), zod-free for the landing page. */
export * from './achievement-rules.js';
