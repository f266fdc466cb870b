import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser } from '../apps/server/src/test/fixtures.js';

/**
 * Issue 50, item 5: `adm\u034Fin`, `admin\u3164`, `admin\u2800` and `t\uFE0F1` were accepted by
 * sign-up (the roster import refused them) and displayed as "admin"; names accepted U+034F,
 * U+FE0F, U+17B5, names made only of combining marks, and 60 stacked accents. Logins are now
 * letters, digits and `._-`; names need a letter that draws and at most 3 combining marks on one.
 */
const BAD_LOGINS = ['adm\u034Fin', 'admin\u3164', 'admin\u2800', 't\uFE0F1', 'ad min', 'admin\u200B', 'admin\u0301', 'adm\u17B5in', 'a@b', 'olga;1', '\u115Fadmin', 'admin\uFFA0'];
const GOOD_LOGINS = ['olga.k', 'taras_shevchenko-7', 'Тарас.Ш', 'zoë'];
const BAD_NAMES = [
  'Ol\u034Fga',
  'Olga\uFE0F',
  'Ol\u17B5ga',
  '\u0301\u0301\u0301',
  `O${'\u0301'.repeat(60)}lga`,
  `Olga${'\u0308'.repeat(4)}`,
  '\u3164',
  '\u2800\u2800',
  '12345',
  '...',
  '\u0301Olga',
  'Olga \u0301',
];
const GOOD_NAMES = ['Шевченко Тарас Григорович', 'José Núñez', 'Nguye\u0302\u0303n Van', 'Zoë', "O'Brien-Smith", 'Ґаліна Ї.'];

describe.each(testDatabases())('logins and names people read, on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: { token: string };
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
  });
  afterAll(async () => t.close());

  const signUp = (login: string, name = 'Olga Petrenko') =>
    t.app.inject({ method: 'POST', url: '/api/users', payload: { login, password: 'long-enough-1', name, role: 'student', grade: 7, gradeLetter: 'А' } });

  it('sign-up refuses a login with anything but letters, digits and ._- (400 on login), accepts plain ones', async () => {
    for (const login of BAD_LOGINS) {
      const res = await signUp(login);
      expect(res.statusCode, JSON.stringify(login)).toBe(400);
      expect(res.json().validationErrors).toMatchObject({ login: 'auth.error.loginInvalid' });
    }
    for (const login of GOOD_LOGINS) expect((await signUp(`${login}${++n}`)).statusCode, login).toBe(201);
    const rows = await t.db.selectFrom('users').select('login').execute();
    for (const login of BAD_LOGINS) expect(rows.some((r) => r.login.normalize('NFC') === login)).toBe(false);
  });

  it('sign-up, a teacher renaming a student, a teacher saving their profile and the roster import refuse names without a drawn letter or with stacked or invisible marks', async () => {
    const student = await createUser(t, { groupIds: [group.id] });
    for (const name of BAD_NAMES) {
      const label = JSON.stringify(name);
      const up = await signUp(`named${++n}`, name);
      expect(up.statusCode, label).toBe(400);
      expect(up.json().validationErrors, label).toMatchObject({ name: 'auth.error.nameInvalid' });
      const rename = await t.app.inject({ method: 'PUT', url: `/api/users/${student.user.id}`, headers: bearer(teacher.token), payload: { name } });
      expect(rename.statusCode, label).toBe(400);
      const own = await t.app.inject({ method: 'PATCH', url: '/api/users/teachers/profile', headers: bearer(teacher.token), payload: { name, groups: [group.id] } });
      expect(own.statusCode, label).toBe(400);
      expect(own.json().validationErrors, label).toMatchObject({ name: 'profileForm.error.nameInvalid' });
      const form = multipartBody({ group: String(group.id) }, [{ field: 'file', filename: 'class.csv', contentType: 'text/csv', data: Buffer.from(`name,grade,letter\n${name},7,А\n`) }]);
      const imported = await t.app.inject({ method: 'POST', url: '/api/users/import', headers: { ...bearer(teacher.token), ...form.headers }, payload: form.payload });
      expect(imported.statusCode, label).toBe(400);
    }
    for (const name of GOOD_NAMES) {
      expect((await signUp(`good${++n}`, name)).statusCode, name).toBe(201);
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${student.user.id}`, headers: bearer(teacher.token), payload: { name } })).statusCode, name).toBe(200);
    }
  });
});
