import { parse } from 'csv-parse/browser/esm/sync';
import translitModule from 'cyrillic-to-translit-js';
import { GRADE_LETTERS, GRADE_MAX, GRADE_MIN, LOGIN_MAX, NAME_MAX } from './constants.js';
import { ROSTER_MAX_ROWS, type RosterError } from './class-intake.js';
import { isReadableName } from './fields.js';

/**
 * Reading a class list (PRODUCT.md §13), the same on the server (which decides) and in the import
 * page's preview (which shows the problems before anything is sent). Columns: name, grade, letter,
 * optional login (or, under a header naming them, surname and given name apart, then the same); comma or semicolon separated (a spreadsheet saved in Ukrainian locale writes
 * semicolons); UTF-8 with or without BOM; an optional header row. Parsed by csv-parse (quotes,
 * doubled quotes, CRLF), through its browser build so one file serves both sides.
 */

export interface RosterRow {
  /** 1-based line of the file where the row starts (what a teacher finds in their editor). */
  line: number;
  name: string;
  grade: number;
  letter: (typeof GRADE_LETTERS)[number];
  /** The login the file asks for, when its fourth column has one. */
  login: string | null;
}

/** Every record of the file as read, with its problems: what the import page's preview shows. */
export interface RosterLine {
  line: number;
  cells: string[];
  problems: RosterError[];
}

export interface RosterParse {
  rows: RosterRow[];
  errors: RosterError[];
  lines: RosterLine[];
}

/** A login the school can type: Latin letters, digits, dot, dash, underscore (what generated logins use too). */
const LOGIN_RE = /^[A-Za-z0-9._-]+$/u;
/** A single cell longer than this is no name, grade or login: the parser stops there instead of buffering it. */
const MAX_CELL = 1000;

const HEADER_WORDS = new Set(['name', 'names', 'full name', "ім'я", 'імʼя', 'ім’я', 'піб', 'прізвище', "прізвище та ім'я", 'учень']);
const isHeader = (cells: string[]) => HEADER_WORDS.has((cells[0] ?? '').trim().toLowerCase());
const SURNAME_WORDS = new Set(['surname', 'last name', 'family name', 'прізвище']);
const GIVEN_NAME_WORDS = new Set(['given name', 'first name', 'name', "ім'я", 'імʼя', 'ім’я', 'імя']);

/**
 * A header whose first two columns are a surname and a given name (either order): the file lists
 * them apart (issue 50), and each row's name is stored as "given surname", so the leaderboard's
 * short form ("Тарас Ш.") needs no guessing. The index of the given-name column, or null.
 */
function splitNameColumns(cells: string[]): 0 | 1 | null {
  const [a = '', b = ''] = cells.map((c) => c.trim().toLowerCase());
  if (SURNAME_WORDS.has(a) && GIVEN_NAME_WORDS.has(b)) return 1;
  if (GIVEN_NAME_WORDS.has(a) && SURNAME_WORDS.has(b)) return 0;
  return null;
}

/** Comma or semicolon: whichever the first line has more of outside quotes (ties and neither: comma). */
function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.slice(0, Math.min(text.length, 4096)).split(/\r?\n/u)[0] ?? '';
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** A grade letter as typed: upper case, and the Latin look-alikes a keyboard slips in made Cyrillic. */
const LATIN_TO_CYRILLIC: Record<string, string> = { A: 'А', B: 'В', E: 'Е', I: 'І', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', X: 'Х', Y: 'У' };
function readLetter(text: string): (typeof GRADE_LETTERS)[number] | null {
  const upper = text.trim().toUpperCase();
  const letter = LATIN_TO_CYRILLIC[upper] ?? upper;
  return (GRADE_LETTERS as readonly string[]).includes(letter) ? (letter as (typeof GRADE_LETTERS)[number]) : null;
}

/** Checks one record (cells already split); returns the row or its problems. */
function readRow(cells: string[], line: number): RosterRow | RosterError[] {
  const errors: RosterError[] = [];
  if (cells.length < 3 || cells.length > 4) return [{ line, field: 'row', message: 'rosterImport.error.columns' }];
  const [rawName = '', rawGrade = '', rawLetter = '', rawLogin = ''] = cells.map((c) => c.trim());
  const name = rawName.replace(/\s+/gu, ' ');
  if (!name) errors.push({ line, field: 'name', message: 'rosterImport.error.nameRequired' });
  else if (name.length > NAME_MAX) errors.push({ line, field: 'name', message: 'rosterImport.error.nameTooLong' });
  else if (!isReadableName(name)) errors.push({ line, field: 'name', message: 'rosterImport.error.nameInvalid' });
  const grade = /^\d{1,2}$/u.test(rawGrade) ? Number(rawGrade) : NaN;
  if (!(grade >= GRADE_MIN && grade <= GRADE_MAX)) errors.push({ line, field: 'grade', message: 'rosterImport.error.grade' });
  const letter = readLetter(rawLetter);
  if (!letter) errors.push({ line, field: 'letter', message: 'rosterImport.error.letter' });
  const login = rawLogin || null;
  if (login !== null && (login.length > LOGIN_MAX || !LOGIN_RE.test(login))) errors.push({ line, field: 'login', message: 'rosterImport.error.login' });
  if (errors.length > 0) return errors;
  return { line, name, grade, letter: letter!, login };
}

/**
 * Reads a roster file's text (a leading BOM is dropped). Every problem is reported with its line,
 * and a login asked for twice in the file is one too; `rows` are only the good rows. Blank lines
 * are skipped. At most ROSTER_MAX_ROWS rows.
 */
export function parseRoster(text: string): RosterParse {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const fail = (error: RosterError): RosterParse => ({ rows: [], errors: [error], lines: [] });
  if (body.includes('\u0000')) return fail({ line: 1, field: 'row', message: 'rosterImport.error.notText' });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(body),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: MAX_CELL * 4,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = Number((error as { lines?: unknown }).lines) || 1;
    return fail({ line, field: 'row', message: 'rosterImport.error.malformed' });
  }
  const givenAt = records.length > 0 ? splitNameColumns(records[0]!.record) : null;
  if (records.length > 0 && (givenAt !== null || isHeader(records[0]!.record))) records = records.slice(1);
  if (givenAt !== null) {
    // Surname and given name apart: one name, given name first; the rest of the row as usual.
    records = records.map(({ record, info }) => {
      const [first = '', second = '', ...rest] = record;
      const [given, surname] = givenAt === 1 ? [second, first] : [first, second];
      return { record: [`${given.trim()} ${surname.trim()}`.trim(), ...rest], info };
    });
  }
  if (records.length === 0) return fail({ line: 1, field: 'row', message: 'rosterImport.error.empty' });
  if (records.length > ROSTER_MAX_ROWS) return fail({ line: records[ROSTER_MAX_ROWS]!.info.lines, field: 'row', message: 'rosterImport.error.tooManyRows' });

  const rows: RosterRow[] = [];
  const errors: RosterError[] = [];
  const lines: RosterLine[] = [];
  const askedLogins = new Map<string, number>();
  for (const { record, info } of records) {
    // info.lines is the line the record ends on; a quoted cell may span lines, so count back.
    const line = info.lines - countNewlines(record);
    const result = readRow(record, line);
    let problems: RosterError[] = [];
    if (Array.isArray(result)) problems = result;
    else if (result.login && askedLogins.has(result.login.toLowerCase())) problems = [{ line, field: 'login', message: 'rosterImport.error.loginTwice' }];
    else {
      if (result.login) askedLogins.set(result.login.toLowerCase(), line);
      rows.push(result);
    }
    errors.push(...problems);
    lines.push({ line, cells: record.map((c) => c.trim()), problems });
  }
  return { rows, errors, lines };
}

const countNewlines = (cells: string[]) => cells.reduce((n, c) => n + (c.match(/\n/gu)?.length ?? 0), 0);

/**
 * The package is CommonJS whose typings declare an ES default export: Node and Vite hand over the
 * function itself, TypeScript's NodeNext view sees it under `.default`. Either way, the function.
 */
type Translit = (config: { preset: 'uk' }) => { transform(input: string): string };
const cyrillicToTranslit = ((translitModule as unknown as { default?: Translit }).default ?? translitModule) as unknown as Translit;
const toLatin = cyrillicToTranslit({ preset: 'uk' });

/**
 * The login a name suggests: transliterated by the Ukrainian national table (Cabinet of Ministers
 * resolution 55 of 2010, which cyrillic-to-translit-js's `uk` preset follows: "Згурський Юрій" →
 * "zghurskyi.yurii"), lower case, words joined by dots, only a–z, 0–9, dot and dash. A name with
 * nothing transliterable gives "student". Made unique by the server (a number appended).
 */
export function loginBaseFor(name: string): string {
  const latin = toLatin
    .transform(name.normalize('NFC'))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  const words = latin
    .split(/[^a-z0-9-]+/u)
    .map((w: string) => w.replace(/^-+|-+$/gu, ''))
    .filter(Boolean);
  const base = words.join('.').slice(0, LOGIN_MAX - 4).replace(/[.-]+$/u, '');
  return base || 'student';
}

/**
 * One CSV cell, safe to open in a spreadsheet: quoted when needed, and a cell that would start a
 * formula (=, +, -, @, tab, carriage return: the OWASP "CSV injection" list) is prefixed with an
 * apostrophe so Excel and LibreOffice show it as text instead of running it.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",;\r\n']/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

/** Rows → CSV text (comma separated, CRLF, with a BOM so Excel reads UTF-8), every cell through csvCell. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
