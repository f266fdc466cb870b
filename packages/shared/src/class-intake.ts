import { z } from 'zod';
import { idSchema } from './fields.js';

/**
 * Bringing a class in (PRODUCT.md §13): join codes, per-group settings, roster import answers and
 * the short names leaderboards may show. The CSV reading itself is `@mathclub/shared/roster`
 * (its own entry, so pages that never import a class do not load the CSV parser).
 */

/** Join-code letters: no 0/O, 1/I/L, 5/S, 2/Z, 8/B look-alikes, so a code read off a projector is typed right. */
export const JOIN_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const JOIN_CODE_LENGTH = 8;

/**
 * A code as people type it → as issued: upper case, spaces and dashes dropped ("acd3-efg4" works).
 * Anything that is not then 8 letters of the alphabet cannot be a code.
 */
export const normalizeJoinCode = (text: string) => text.toUpperCase().replace(/[\s-]+/gu, '');
const JOIN_CODE_RE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`, 'u');
export const isWellFormedJoinCode = (code: string) => JOIN_CODE_RE.test(code);

/** POST /api/groups/join body: what the student typed (or the link carried). */
export const joinGroupSchema = z.object({
  code: z
    .string({ error: 'joinCode.error.required' })
    .trim()
    .min(1, 'joinCode.error.required')
    // Generous for typing with spaces or dashes; anything longer is no code.
    .max(32, 'joinCode.error.wrong'),
});
export type JoinGroupInput = z.infer<typeof joinGroupSchema>;

/** POST /api/groups/{id}/join-code answer: the group's new code (every older one stops working). */
export const joinCodeResponseSchema = z
  .object({ code: z.string().meta({ example: 'ACDE3467' }) })
  .meta({ id: 'JoinCode', description: "A group's join code: 8 characters without look-alikes." });
export type JoinCodeResponse = z.infer<typeof joinCodeResponseSchema>;

/** A group's intake and privacy settings (teachers of the group). */
export const groupSettingsSchema = z
  .object({
    /** Students join only by code; the profile's selector does not list it. */
    closed: z.boolean(),
    /** A sign-up through this group's join link is activated at once (off: a teacher activates it). */
    activateOnJoin: z.boolean(),
    /** Students see "first name + initial" on this group's leaderboards; teachers always see full names. */
    leaderboardShortNames: z.boolean(),
    /** The live join code, or null when none was made yet. */
    joinCode: z.string().nullable(),
  })
  .meta({ id: 'GroupSettings', description: "A group's join code and its intake and privacy settings." });
export type GroupSettings = z.infer<typeof groupSettingsSchema>;

/** PATCH /api/groups/{id}/settings body: any of the three switches. */
export const groupSettingsUpdateSchema = z.object({
  closed: z.boolean().optional(),
  activateOnJoin: z.boolean().optional(),
  leaderboardShortNames: z.boolean().optional(),
});
export type GroupSettingsUpdate = z.infer<typeof groupSettingsUpdateSchema>;

/** Roster import limits: a school class fits many times over; a request stays a few seconds of work. */
export const ROSTER_MAX_ROWS = 500;
export const ROSTER_MAX_BYTES = 256 * 1024;

/** POST /api/users/import as a client sends it: the OpenAPI document's multipart/form-data body. */
export const rosterImportFormSchema = z.object({
  group: idSchema.meta({ description: 'The id of one of your groups: every student goes into it.' }),
  file: z.string().meta({
    format: 'binary',
    description: `A CSV file (UTF-8, with or without BOM; comma or semicolon separated) of at most ${ROSTER_MAX_BYTES} bytes and ${ROSTER_MAX_ROWS} rows: name, grade, letter, optional login; an optional header row.`,
  }),
});

/** One imported student with the password shown once (for the login cards). */
export const importedStudentSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  password: z.string(),
  name: z.string(),
});
export const importResponseSchema = z
  .object({ created: z.array(importedStudentSchema) })
  .meta({ id: 'RosterImport', description: 'The students created, each with a generated login and a password shown only this once.' });
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** A problem with one line of a roster file; `message` is an i18n key, `field` the column when known. */
export const rosterErrorSchema = z.object({
  line: z.number().int(),
  field: z.enum(['name', 'grade', 'letter', 'login', 'row']).optional(),
  message: z.string(),
});
export type RosterError = z.infer<typeof rosterErrorSchema>;

/** A patronymic ("Григорович", "Олегівна"): a name that has one lists the surname first. */
const PATRONYMIC = /(?:ович|евич|йович|ьович|івна|ївна|овна|евна|ічна|ична)$/iu;
/** Endings only surnames have ("Шевченко", "Ковальчук", "Грушевський", "Іванова"). */
const SURNAME_ENDING = /(?:енко|чук|ук|юк|ський|цький|зький|ська|цька|зька|ишин|ів|їв|ова|єва|ева)$/iu;
/** Common Ukrainian given names: a two-word name whose second word is one and first is not lists the surname first. */
const GIVEN_NAMES = new Set(
  (
    'тарас олена ірина іван петро андрій олег марія оксана наталія наталя тетяна юлія анна ганна софія соломія ' +
    'дмитро максим олександр олександра богдан богдана микола михайло василь володимир юрій сергій віктор вікторія ' +
    'роман ярослав ярослава остап назар денис артем артур кирило матвій марко мирослав мирослава святослав ' +
    'станіслав тимофій тимур владислав віталій валентин валентина євген євгенія павло григорій степан ' +
    'людмила лариса галина світлана катерина анастасія дарина дарія вероніка діана поліна аліна злата ' +
    'христина уляна мар\'яна марʼяна мар’яна зоряна леся лілія любов надія віра ольга олеся інна алла ' +
    'ніна зоя єлизавета василина таїсія емілія мілана маргарита карина кіра ангеліна вікентій ілля ігор ' +
    'антон данило давид захар лука левко леонід олексій орест борис всеволод вадим геннадій едуард'
  ).split(' '),
);
const isGivenName = (word: string) => GIVEN_NAMES.has(word.toLowerCase());

/**
 * "Given name + the surname's initial" (PRODUCT.md §13, issue 50): "Олена Петренко" → "Олена П.",
 * and "Шевченко Тарас Григорович" → "Тарас Ш.", since Ukrainian lists put the surname first. The
 * surname comes first when a patronymic follows the given name, or when the second of two words is
 * a given name (or the first ends as only surnames do) and the first is not; otherwise the first
 * word is the given name and the last the surname. A one-word name stays as it is. The roster
 * import with surname and given-name columns stores "given surname", which needs no guess.
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return name.trim();
  const [first, second] = [words[0]!, words[1]!];
  const surnameFirst =
    (words.length >= 3 && PATRONYMIC.test(words[words.length - 1]!) && !PATRONYMIC.test(second)) ||
    (words.length === 2 && !isGivenName(first) && (isGivenName(second) || (SURNAME_ENDING.test(first) && !SURNAME_ENDING.test(second))));
  const [given, surname] = surnameFirst ? [second, first] : [first, words[words.length - 1]!];
  return `${given} ${[...surname][0]!.toUpperCase()}.`;
}
