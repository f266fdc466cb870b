import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../lib/passwords.js';
import { buildTestApp, TEST_HASH_COST, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { decodeToken } from '../../test/jwt.js';
import { ADMIN_PASSWORD_FILE, adminPasswordNotice, bootstrapAdmin } from './bootstrap-admin.js';

describe.each(testDatabases())('first start on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('creates the activated teacher admin once, with a random password written 0600', async () => {
    const hasher = new PasswordHasher(TEST_HASH_COST);
    const password = await bootstrapAdmin(t.db, hasher, t.dataDir);
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const file = path.join(t.dataDir, ADMIN_PASSWORD_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(adminPasswordNotice(password!, t.dataDir)).toContain(password);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'admin', password } });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${login.json().access_token}` } });
    expect(profile.json()).toMatchObject({ login: 'admin', name: 'Administrator', role: 'teacher', activated: true, owner: true, grade: null, gradeLetter: null });
    // The owner says so in the token too (PRODUCT.md §16).
    expect(decodeToken(login.json<{ access_token: string }>().access_token)).toMatchObject({ owner: true });

    expect(await bootstrapAdmin(t.db, hasher, t.dataDir)).toBeNull();
    const admins = await t.db.selectFrom('users').select('id').where('login_key', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it('does nothing once any user exists', async () => {
    const other = await buildTestApp(dialect);
    try {
      await other.app.inject({ method: 'POST', url: '/api/users', payload: { login: 'first', password: 'long-enough-1', name: 'F', role: 'teacher' } });
      expect(await bootstrapAdmin(other.db, new PasswordHasher(TEST_HASH_COST), other.dataDir)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
