import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@mathclub/shared';
import { toCsv } from '@mathclub/shared/roster';
import { multipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../apps/server/src/test/fixtures.js';
import { FORMULA_NAMES } from './helpers/hostile-roster.js';

/**
 * The raw fields of CSV text split on commas, each with whether it was quoted (a quoted field may
 * hold commas, semicolons and line breaks).
 */
function rawFields(text: string, delimiter = ','): { text: string; quoted: boolean }[] {
  const fields: { text: string; quoted: boolean }[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let j = i + 1;
      let value = '';
      for (; j < text.length; j++) {
        if (text[j] === '"' && text[j + 1] === '"') {
          value += '"';
          j++;
        } else if (text[j] === '"') break;
        else value += text[j];
      }
      fields.push({ text: value, quoted: true });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && text[j] !== delimiter && text[j] !== '\r' && text[j] !== '\n') j++;
      fields.push({ text: text.slice(i, j), quoted: false });
      i = j;
    }
    while (text[i] === delimiter || text[i] === '\r' || text[i] === '\n') i++;
  }
  return fields;
}

/** Excel's list separator where the language's decimal mark is a comma is `;` (issue 49). */
const CSV_SEPARATOR: Record<Language, string> = { en: ',', uk: ';' };

/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Formula injection through a class list (PRODUCT.md §13): names like `=cmd|' /C calc'!A0` are
 * imported as they are (they are just text to us), and no export hands them back so that a
 * spreadsheet would run them. Every CSV route the server registers is found from its route list,
 * so an export added later is covered without a change here; the login cards' CSV is made in the
 * browser by the shared `toCsv`, checked on the same names.
 */
describe.each(testDatabases())('formula names in exports on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let group: { id: number };
  let imported: { login: string; password: string; name: string }[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const csv = FORMULA_NAMES.map((name) => `"${name.replace(/"/g, '""')} Учень",7,А`).join('\n');
    const body = multipartBody({ group: group.id }, [{ field: 'file', data: Buffer.from(csv), filename: 'evil.csv', contentType: 'text/csv' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: { ...body.headers, ...bearer(teacher.token) }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    imported = res.json().created;
  });
  afterAll(async () => t.close());

  it('stores the names as given (they are text), with logins of plain letters', () => {
    expect(imported.map((s) => s.name)).toEqual(FORMULA_NAMES.map((n) => `${n.replace(/\s+/g, ' ').trim()} Учень`));
    for (const s of imported) expect(s.login).toMatch(/^[a-z0-9.-]+$/);
  });

  it('no CSV export of the server starts a cell with a formula character', async () => {
    const csvRoutes = t.app.apiRoutes.filter((r) => r.method === 'GET' && /\.csv$/.test(r.path));
    for (const [route, language] of csvRoutes.flatMap((r) => LANGUAGES.map((l) => [r, l] as const))) {
      const res = await t.app.inject({ method: 'GET', url: route.path.replace('{id}', String(group.id)), headers: { ...bearer(teacher.token), 'accept-language': language } });
      expect(res.statusCode, `${route.path}: ${res.body.slice(0, 200)}`).toBe(200);
      const cells = (parse(res.body, { bom: true, relax_column_count: true, delimiter: CSV_SEPARATOR[language] }) as string[][]).flat();
      for (const name of FORMULA_NAMES) expect(cells.some((c) => c.includes(name.trim().slice(1, 12))), `${route.path} lists ${name}`).toBe(true);
      for (const cell of cells) expect(cell, `${route.path}`).not.toMatch(FORMULA_START);
    }
  });

  it("the login cards' CSV (made in the browser) quotes every formula name behind an apostrophe", () => {
    const text = toCsv([['name', 'login', 'password'], ...imported.map((s) => [s.name, s.login, s.password])]);
    const cells = (parse(text, { bom: true }) as string[][]).flat();
    expect(cells).toHaveLength((imported.length + 1) * 3);
    for (const cell of cells) expect(cell).not.toMatch(FORMULA_START);
    for (const s of imported) expect(cells).toContain(`'${s.name}`);
  });
});

/**
 * Issue 50, item 8: csv-stringify quoted only cells holding its own delimiter, so `Olga;=1+1` went
 * out bare, and Excel with the Ukrainian list separator (`;`) split it into a formula cell. Every
 * cell holding `,`, `;`, a quote or a line break is quoted now, in the server's exports and the
 * login cards alike.
 */
describe.each(testDatabases())('separators inside cells on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let group: { id: number };
  const NAMES = ['Olga;=1+1', 'Taras "T", Jr', 'Ірина; Шевченко'];
  const TITLE = 'Week 1; part "2", fractions';
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    for (const name of NAMES) await createUser(t, { name, groupIds: [group.id] });
    await createTaskRow(t, group.id, teacher.user.id, TITLE);
  });
  afterAll(async () => t.close());

  const mustQuote = /[,;"\r\n]/;

  it('every CSV export of the server quotes each cell holding , ; a quote or a line break', async () => {
    const csvRoutes = t.app.apiRoutes.filter((r) => r.method === 'GET' && /\.csv$/.test(r.path));
    expect(csvRoutes.length).toBeGreaterThan(0);
    for (const [route, language] of csvRoutes.flatMap((r) => LANGUAGES.map((l) => [r, l] as const))) {
      const res = await t.app.inject({ method: 'GET', url: route.path.replace('{id}', String(group.id)), headers: { ...bearer(teacher.token), 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      const fields = rawFields(res.body, CSV_SEPARATOR[language]);
      for (const value of [...NAMES, TITLE]) expect(fields.some((f) => f.text === value), `${route.path} has ${value} as one cell`).toBe(true);
      for (const f of fields) if (mustQuote.test(f.text)) expect(f.quoted, `${route.path}: ${f.text}`).toBe(true);
    }
  });

  it("the login cards' CSV quotes them too", () => {
    const fields = rawFields(toCsv([['name', 'login'], ...NAMES.map((n, i) => [n, `login${i}`])]));
    for (const name of NAMES) expect(fields).toContainEqual({ text: name, quoted: true });
    for (const f of fields) if (mustQuote.test(f.text)) expect(f.quoted).toBe(true);
  });
});
