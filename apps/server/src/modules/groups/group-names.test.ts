import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { buildTestApp, openTestDatabase, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createUser } from '../../test/fixtures.js';

const HIDDEN = ['\u202e', '\u200b', '\u200d', '\u2066', '\ufeff', '\u0007'];

/** PRODUCT.md §16: names refuse control and invisible characters; group names are unique after normalisation. */
describe.each(testDatabases())('names on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await createUser(t, { role: 'teacher' });
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, token = teacher.token) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const count = async (table: 'groups' | 'users') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses group names with a bidi override, zero-width or control character, and stores nothing', async () => {
    const { id } = (await send('POST', '/api/groups', { name: 'Clean name' })).json<{ id: number }>();
    const before = await count('groups');
    for (const ch of HIDDEN) {
      const created = await send('POST', '/api/groups', { name: `G${ch}1` });
      expect(created.statusCode).toBe(400);
      expect(created.json().validationErrors).toEqual({ name: 'groups.error.nameInvalid' });
      const renamed = await send('PATCH', `/api/groups/${id}`, { name: `evil${ch}name` });
      expect(renamed.json().validationErrors).toEqual({ name: 'groups.error.nameInvalid' });
    }
    expect(await count('groups')).toBe(before);
  });

  it('refuses a second group whose name differs only by case, width or composition', async () => {
    expect((await send('POST', '/api/groups', { name: 'Алгебра 7-Б' })).statusCode).toBe(201);
    for (const twin of ['алгебра 7-б', 'АЛГЕБРА 7-Б', 'Алгебра  7-Б', 'Алгебра ７-Б', 'Алгебра 7-Б'.normalize('NFD')]) {
      const res = await send('POST', '/api/groups', { name: twin });
      expect(res.statusCode, JSON.stringify(twin)).toBe(400);
      expect(res.json().code).toBe('GROUP_NAME_TAKEN');
    }
    expect((await send('POST', '/api/groups', { name: 'Straße' })).statusCode).toBe(201);
    expect((await send('POST', '/api/groups', { name: 'STRASSE' })).json().code).toBe('GROUP_NAME_TAKEN');
  });

  it('refuses user names with invisible characters at sign-up, in the Students page and in the profile', async () => {
    const before = await count('users');
    const { user: student } = await createUser(t);
    for (const ch of HIDDEN) {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { login: `hidden${HIDDEN.indexOf(ch)}`, password: 'long-enough-1', name: `Ad${ch}min`, role: 'student', grade: 5, gradeLetter: 'А' },
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json().validationErrors).toEqual({ name: 'auth.error.nameInvalid' });
      expect((await send('PUT', `/api/users/${student.id}`, { name: `Ad${ch}min` })).json().validationErrors).toEqual({ name: 'auth.error.nameInvalid' });
      expect((await send('PATCH', '/api/users/teachers/profile', { name: `Ad${ch}min`, groups: [] })).json().validationErrors).toEqual({
        name: 'profileForm.error.nameInvalid',
      });
    }
    expect(await count('users')).toBe(before + 1);
    // Letters of every script, marks and emoji stay welcome.
    expect((await send('PUT', `/api/users/${student.id}`, { name: 'Ґанна-Марія Д’Арк 😀' })).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('upgrading group names on %s', (dialect) => {
  let dataDir: string;
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-groups-'));
    opened = await openTestDatabase(dialect, dataDir, '2026112110_solutions_author_task_time');
  });
  afterAll(async () => {
    await opened.database.destroy();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('recomputes every key and keeps look-alike groups apart by their id, losing none', async () => {
    const db = opened.database.db;
    const now = new Date().toISOString();
    // What the older release let in: "G1" and "G\u200b1" had different keys.
    for (const [name, key] of [
      ['G1', 'g1'],
      ['G\u200b1', 'g\u200b1'],
      ['Ｇ１', 'ｇ１'],
      ['Other', 'other'],
    ]) {
      await sql`insert into groups (name, name_key, created_at) values (${name}, ${key}, ${now})`.execute(db);
    }
    await migrateToLatest(opened.database);
    const rows = await sql<{ id: number; name: string; name_key: string }>`select id, name, name_key from groups order by id`.execute(db);
    const [g1, zw, wide, other] = rows.rows;
    expect(rows.rows).toHaveLength(4);
    expect(g1).toMatchObject({ name: 'G1', name_key: 'g1' });
    expect(zw).toMatchObject({ name: `G\u200b1 (${zw!.id})`, name_key: `g1 (${zw!.id})` });
    expect(wide).toMatchObject({ name: `Ｇ１ (${wide!.id})`, name_key: `g1 (${wide!.id})` });
    expect(other).toMatchObject({ name: 'Other', name_key: 'other' });
  });
});
