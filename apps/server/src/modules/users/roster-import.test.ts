import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_MAX_BYTES } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';

const BOM = '\uFEFF';

/** POST /api/users/import (PRODUCT.md §13) on both databases. */
describe.each(testDatabases())('roster import on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let group: { id: number; name: string };
  let prefix = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
  });
  afterAll(async () => t.close());

  const upload = (csv: string | Buffer, token = teacher.token, fields: Record<string, string | number | undefined> = { group: group.id }) => {
    const body = multipartBody(fields, [{ field: 'file', data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename: 'class.csv', contentType: 'text/csv' }]);
    return t.app.inject({ method: 'POST', url: '/api/users/import', headers: { ...body.headers, ...bearer(token), 'accept-language': 'en' }, payload: body.payload });
  };
  const userCount = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
  /** A surname no other test in this file uses, so generated logins are predictable. */
  const surname = () => `Тест${'абвгдежзиклмнопрстуфхцчшщюя'[prefix++]}енко`;
  const signIn = (login: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });

  it('creates activated students in the group with transliterated logins and readable passwords that sign in', async () => {
    const s = surname();
    const res = await upload(`name,grade,letter\nОлена ${s},7,Б\nЮрій Згурський,7,б\n"Щербина, Ганна",8,A\n`);
    expect(res.statusCode).toBe(201);
    const { created } = res.json<{ created: { id: number; login: string; password: string; name: string }[] }>();
    expect(created.map((c) => c.name)).toEqual([`Олена ${s}`, 'Юрій Згурський', 'Щербина, Ганна']);
    expect(created[1]!.login).toMatch(/^yurii\.zghurskyi\d*$/);
    expect(created[2]!.login).toMatch(/^shcherbyna\.hanna\d*$/);
    for (const c of created) expect(c.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await t.db.selectFrom('users').select(['id', 'activated', 'role', 'grade', 'grade_letter']).where('id', 'in', created.map((c) => c.id)).orderBy('id').execute();
    expect(stored.map((u) => [u.activated, u.role, u.grade, u.grade_letter])).toEqual([
      [1, 'student', 7, 'Б'],
      [1, 'student', 7, 'Б'],
      [1, 'student', 8, 'А'],
    ]);
    const members = await t.db.selectFrom('user_groups').select('user_id').where('group_id', '=', group.id).where('user_id', 'in', created.map((c) => c.id)).execute();
    expect(members).toHaveLength(3);
    const signed = await signIn(created[0]!.login, created[0]!.password);
    expect(signed.statusCode).toBe(200);
  });

  it('reads semicolons and commas, with and without BOM, CRLF, no header, and a login column', async () => {
    const cases = [
      `${BOM}name;grade;letter;login\r\nІван ${surname()};5;В;ivan-${dialect}-1\r\n`,
      `Іван ${surname()};5;В;ivan-${dialect}-2\n`,
      `${BOM}Іван ${surname()},5,В,ivan-${dialect}-3\n`,
      `ім'я,клас,літера\nІван ${surname()},5,В,ivan-${dialect}-4\n`,
    ];
    for (const [i, csv] of cases.entries()) {
      const res = await upload(csv);
      expect(res.statusCode, csv).toBe(201);
      expect(res.json().created).toEqual([expect.objectContaining({ login: `ivan-${dialect}-${i + 1}` })]);
    }
  });

  it('gives duplicate names distinct logins, in the file and against existing accounts', async () => {
    const s = surname();
    const first = await upload(`Марія ${s},6,А\nМарія ${s},6,А\n`);
    const second = await upload(`Марія ${s},6,Б\n`);
    const logins = [...first.json().created, ...second.json().created].map((c: { login: string }) => c.login);
    expect(new Set(logins).size).toBe(3);
    expect(logins[0]).toMatch(/^mariia\.test/);
    expect(logins[1]).toBe(`${logins[0]}2`);
    expect(logins[2]).toBe(`${logins[0]}3`);
  });

  it('refuses each kind of bad row with its line and creates nobody', async () => {
    const before = await userCount();
    const res = await upload(
      [
        'name,grade,letter,login',
        `Добрий ${surname()},7,А`, // line 2: fine
        ',7,А', // 3: no name
        'Хтось,13,А', // 4: grade out of range
        'Хтось,сім,А', // 5: grade not a number
        'Хтось,7,Q', // 6: not a class letter
        'Хтось,7,А,bad login', // 7: login with a space
        'Хтось,7', // 8: too few columns
        'Хтось,7,А,x,extra', // 9: too many columns
        `${'Я'.repeat(101)},7,А`, // 10: name too long
        'Bell\u0007,7,А', // 11: control character
        'Двічі,7,А,same', // 12
        'Двічі,7,А,SAME', // 13: login twice in the file
      ].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', validationErrors: { file: 'rosterImport.error.rows' } });
    expect(body.message).toMatch(/nobody was imported/);
    expect(body.errors).toEqual([
      { line: 3, field: 'name', message: 'rosterImport.error.nameRequired' },
      { line: 4, field: 'grade', message: 'rosterImport.error.grade' },
      { line: 5, field: 'grade', message: 'rosterImport.error.grade' },
      { line: 6, field: 'letter', message: 'rosterImport.error.letter' },
      { line: 7, field: 'login', message: 'rosterImport.error.login' },
      { line: 8, field: 'row', message: 'rosterImport.error.columns' },
      { line: 9, field: 'row', message: 'rosterImport.error.columns' },
      { line: 10, field: 'name', message: 'rosterImport.error.nameTooLong' },
      { line: 11, field: 'name', message: 'rosterImport.error.nameInvalid' },
      { line: 13, field: 'login', message: 'rosterImport.error.loginTwice' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a login already taken, an empty file, broken quotes, binary data, too many rows and too many bytes, creating nobody', async () => {
    const before = await userCount();
    const taken = await upload(`Хтось ${surname()},7,А,${teacher.user.login.toUpperCase()}\n`);
    expect(taken.json().errors).toEqual([{ line: 1, field: 'login', message: 'rosterImport.error.loginTaken' }]);
    expect((await upload('')).json().errors).toEqual([{ line: 1, field: 'row', message: 'rosterImport.error.empty' }]);
    expect((await upload('name,grade,letter\n')).json().errors).toEqual([{ line: 1, field: 'row', message: 'rosterImport.error.empty' }]);
    expect((await upload('ok,7,А\n"broken,7,А\n')).json().errors).toEqual([{ line: expect.any(Number), field: 'row', message: 'rosterImport.error.malformed' }]);
    expect((await upload(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x89, 0x50, 0x4e, 0x47]))).json().errors).toEqual([{ line: 1, field: 'row', message: 'rosterImport.error.notText' }]);
    expect((await upload('a,7,А\u0000\n')).json().errors).toEqual([{ line: 1, field: 'row', message: 'rosterImport.error.notText' }]);
    const rows501 = Array.from({ length: 501 }, (_, i) => `Учень ${i},7,А`).join('\n');
    expect((await upload(rows501)).json().errors).toEqual([{ line: 501, field: 'row', message: 'rosterImport.error.tooManyRows' }]);
    const huge = await upload(`${'x'.repeat(ROSTER_MAX_BYTES + 1)},7,А\n`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().validationErrors).toEqual({ file: 'rosterImport.error.tooLarge' });
    const longLine = await upload(`${'Я'.repeat(5000)},7,А\n`);
    expect(longLine.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('imports 500 rows in one request', async () => {
    const s = surname();
    const csv = Array.from({ length: 500 }, (_, i) => `Учень${i} ${s},${(i % 12) + 1},${'АБВ'[i % 3]}`).join('\n');
    const started = Date.now();
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    const created = res.json().created as { login: string }[];
    expect(created).toHaveLength(500);
    expect(new Set(created.map((c) => c.login)).size).toBe(500);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('checks the form: group and file required, the group must be the teacher’s; students get 403', async () => {
    expect((await upload('a,7,А', teacher.token, {})).json().validationErrors).toEqual({ group: 'rosterImport.error.groupRequired' });
    expect((await upload('a,7,А', teacher.token, { group: 'x' })).json().validationErrors).toEqual({ group: 'rosterImport.error.groupRequired' });
    const noFile = multipartBody({ group: group.id });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: { ...noFile.headers, ...bearer(teacher.token) }, payload: noFile.payload });
    expect(res.json().validationErrors).toEqual({ file: 'rosterImport.error.fileRequired' });
    const other = await createGroup(t);
    const before = await userCount();
    expect((await upload(`Хтось ${surname()},7,А`, teacher.token, { group: other.id })).statusCode).toBe(403);
    expect((await upload(`Хтось ${surname()},7,А`, teacher.token, { group: 999999 })).statusCode).toBe(404);
    const student = await createUser(t, { groupIds: [group.id] });
    expect((await upload(`Хтось ${surname()},7,А`, student.token)).statusCode).toBe(403);
    expect(await userCount()).toBe(before + 1);
    const json = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: bearer(teacher.token), payload: { group: group.id } });
    expect(json.statusCode).toBe(415);
  });

  it('keeps a formula-looking name as text: stored as given, login made of letters only', async () => {
    const res = await upload(`"=cmd|' /C calc'!A0 ${surname()}",7,А\n`);
    expect(res.statusCode).toBe(201);
    const [student] = res.json().created;
    expect(student.name).toMatch(/^=cmd\|' \/C calc'!A0 /);
    expect(student.login).toMatch(/^cmd\.c\.calc\.a0\.test/);
  });
});

describe('roster import in the OpenAPI document', () => {
  it('states the form (group and a binary file) and the error shape with its line problems', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const op = doc.paths['/api/users/import'].post;
      const form = op.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(form.properties)).toEqual(['group', 'file']);
      expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '413', '415']));
      expect(doc.components.schemas.ApiError.properties.errors.items.properties.line).toMatchObject({ type: 'integer' });
    } finally {
      await t.close();
    }
  });
});
