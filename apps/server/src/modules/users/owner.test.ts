import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { buildTestApp, openTestDatabase, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createUser, TEST_PASSWORD } from '../../test/fixtures.js';
import { decodeToken } from '../../test/jwt.js';

type Made = Awaited<ReturnType<typeof createUser>>;

/** PRODUCT.md §16: the school's owner manages teacher accounts; nobody deactivates or renames the owner. */
describe.each(testDatabases())('the owner on %s', (dialect) => {
  let t: TestApp;
  let owner: Made;
  let teacher: Made;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await createUser(t, { role: 'teacher', owner: true, name: 'Owner' });
    teacher = await createUser(t, { role: 'teacher' });
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const signIn = (login: string, password = TEST_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  const row = (id: number) => t.db.selectFrom('users').select(['name', 'activated', 'owner', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();

  it('says who the owner is in the profile, the token and the list', async () => {
    expect((await inject('GET', '/api/users/profile', owner.token)).json()).toMatchObject({ owner: true, role: 'teacher' });
    expect(decodeToken(owner.token)).toMatchObject({ owner: true });
    expect(decodeToken(teacher.token)).toMatchObject({ owner: false });
    const list = (await inject('GET', '/api/users', teacher.token)).json<{ id: number; owner: boolean }[]>();
    expect(list.filter((u) => u.owner).map((u) => u.id)).toEqual([owner.user.id]);
  });

  it('refuses a non-owner teacher every action on another teacher account (403), and changes nothing', async () => {
    const other = await createUser(t, { role: 'teacher' });
    // A sign-up that calls itself a teacher: a careless click must not hand it teacher powers.
    const signUp = await t.app.inject({ method: 'POST', url: '/api/users', payload: { login: 'selfmadeteacher', password: 'long-enough-1', name: 'Me', role: 'teacher' } });
    expect(signUp.statusCode).toBe(201);
    const pendingTeacher = signUp.json<{ id: number }>().id;
    const before = [await row(other.user.id), await row(pendingTeacher), await row(owner.user.id)];
    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/users/${pendingTeacher}`, { activated: true }],
      ['PUT', `/api/users/${other.user.id}`, { activated: false }],
      ['PUT', `/api/users/${other.user.id}`, { name: 'Renamed' }],
      ['PUT', `/api/users/${other.user.id}`, { groups: [] }],
      ['PUT', `/api/users/${other.user.id}/password`, { password: 'temporary-123' }],
      ['PUT', `/api/users/${owner.user.id}`, { activated: false }],
      ['PUT', `/api/users/${owner.user.id}`, { name: 'Renamed' }],
      ['PUT', `/api/users/${owner.user.id}/password`, { password: 'temporary-123' }],
      ['POST', `/api/users/${other.user.id}/owner`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await inject(method as 'PUT', url, teacher.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect([await row(other.user.id), await row(pendingTeacher), await row(owner.user.id)]).toEqual(before);
    expect((await signIn('selfmadeteacher', 'long-enough-1')).statusCode).toBe(403);
    // Students stay every teacher's to manage.
    const { user: student } = await createUser(t, { activated: false });
    expect((await inject('PUT', `/api/users/${student.id}`, teacher.token, { activated: true, name: 'Checked' })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/users/${student.id}/password`, teacher.token, { password: 'temporary-123' })).statusCode).toBe(204);
  });

  it('lets the owner activate, rename, deactivate and reset the password of a teacher account', async () => {
    const other = await createUser(t, { role: 'teacher', activated: false });
    expect((await inject('PUT', `/api/users/${other.user.id}`, owner.token, { activated: true, name: 'Checked teacher' })).json()).toMatchObject({
      activated: true,
      name: 'Checked teacher',
    });
    expect((await inject('PUT', `/api/users/${other.user.id}/password`, owner.token, { password: 'temporary-123' })).statusCode).toBe(204);
    expect((await signIn(other.user.login, 'temporary-123')).statusCode).toBe(200);
    expect((await inject('PUT', `/api/users/${other.user.id}`, owner.token, { activated: false })).json()).toMatchObject({ activated: false });
  });

  it('lets nobody deactivate or rename the owner, the owner included, but accepts the whole user sent back unchanged', async () => {
    for (const body of [{ activated: false }, { name: 'Not the owner' }]) {
      const res = await inject('PUT', `/api/users/${owner.user.id}`, owner.token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await row(owner.user.id)).toMatchObject({ name: 'Owner', activated: 1, owner: 1 });
    // The Students page sends the whole user: an unchanged name and activation are not a rename.
    const same = await inject('PUT', `/api/users/${owner.user.id}`, owner.token, { name: 'Owner', activated: true, groups: [] });
    expect(same.statusCode).toBe(200);
  });

  it('hands ownership to another active teacher (204); the old owner stays a teacher without the powers', async () => {
    const student = await createUser(t);
    const inactiveTeacher = await createUser(t, { role: 'teacher', activated: false });
    for (const target of [student.user.id, inactiveTeacher.user.id, owner.user.id]) {
      const res = await inject('POST', `/api/users/${target}/owner`, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('OWNER_TARGET_INVALID');
    }
    expect((await inject('POST', '/api/users/999999/owner', owner.token)).statusCode).toBe(404);
    expect((await inject('POST', `/api/users/${teacher.user.id}/owner`, student.token)).statusCode).toBe(403);

    const res = await inject('POST', `/api/users/${teacher.user.id}/owner`, owner.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await inject('GET', '/api/users/profile', owner.token)).json()).toMatchObject({ owner: false, role: 'teacher', activated: true });
    expect((await inject('GET', '/api/users/profile', teacher.token)).json()).toMatchObject({ owner: true });
    const owners = await t.db.selectFrom('users').select('id').where('owner', '=', 1).execute();
    expect(owners).toEqual([{ id: teacher.user.id }]);
    // The powers moved with it, read from the database on the next request (the old token still says owner: true).
    const someTeacher = await createUser(t, { role: 'teacher' });
    expect((await inject('PUT', `/api/users/${someTeacher.user.id}`, owner.token, { name: 'X' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/users/${owner.user.id}/owner`, owner.token)).statusCode).toBe(403);
    expect((await inject('PUT', `/api/users/${someTeacher.user.id}`, teacher.token, { name: 'X' })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/users/${owner.user.id}`, teacher.token, { name: 'Former owner' })).statusCode).toBe(200);
    // And back, so the other tests keep their owner.
    expect((await inject('POST', `/api/users/${owner.user.id}/owner`, teacher.token)).statusCode).toBe(204);
    await t.db.updateTable('users').set({ name: 'Owner' }).where('id', '=', owner.user.id).execute();
  });

  it('lets only one of two simultaneous hand-overs through', async () => {
    const a = await createUser(t, { role: 'teacher' });
    const b = await createUser(t, { role: 'teacher' });
    const results = await Promise.all([a, b].map((to) => inject('POST', `/api/users/${to.user.id}/owner`, owner.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 403]);
    expect(await t.db.selectFrom('users').select('id').where('owner', '=', 1).execute()).toHaveLength(1);
    const winner = [a, b][results.findIndex((r) => r.statusCode === 204)]!;
    expect((await inject('POST', `/api/users/${owner.user.id}/owner`, winner.token)).statusCode).toBe(204);
  });
});

describe.each(testDatabases())('upgrading a database to the owner on %s', (dialect) => {
  let dataDir: string;
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-owner-'));
    opened = await openTestDatabase(dialect, dataDir, '2026112110_solutions_author_task_time');
  });
  afterAll(async () => {
    await opened.database.destroy();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes the first-start admin the owner, and nobody else', async () => {
    const db = opened.database.db;
    const now = new Date().toISOString();
    // An older release's rows, written without the owner column.
    await sql`insert into users (login, login_key, password_hash, name, role, activated, created_at, updated_at) values
      ('Teacher1', 'teacher1', 'x', 'T', 'teacher', 1, ${now}, ${now}),
      ('admin', 'admin', 'x', 'Administrator', 'teacher', 1, ${now}, ${now}),
      ('student1', 'student1', 'x', 'S', 'student', 1, ${now}, ${now})`.execute(db);
    await migrateToLatest(opened.database);
    const owners = await db.selectFrom('users').select('login').where('owner', '=', 1).execute();
    expect(owners).toEqual([{ login: 'admin' }]);
    // At most one owner, whatever writes it.
    await expect(db.updateTable('users').set({ owner: 1 }).where('login', '=', 'Teacher1').execute()).rejects.toThrow();
  });
});
