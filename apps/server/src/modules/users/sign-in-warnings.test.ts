import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWarningsSchema } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createUser, TEST_PASSWORD } from '../../test/fixtures.js';

describe.each(testDatabases())('failed sign-ins shown to teachers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Shipped: 10 failures of a login from all addresses in 24 h flag the account.
    t = await buildTestApp(dialect, { loginRateLimit: 10, loginFreeFailures: 5 });
  });
  afterAll(async () => t.close());

  const fail = (login: string, times: number, from = (i: number) => `10.20.${i >> 8}.${i & 255}`) =>
    Promise.all(
      Array.from({ length: times }, (_, i) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: `wrong-${i}` }, remoteAddress: from(i) })),
    );
  const warnings = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/sign-in-warnings', headers: bearer(token) });

  it('lists the accounts with at least 10 failures in 24 h, most first, with their counts; a correct sign-in does not hide it', async () => {
    const teacher = await createUser(t, { role: 'teacher' });
    const guessed = await createUser(t, { role: 'teacher' });
    const student = await createUser(t);
    const quiet = await createUser(t);
    await fail(guessed.user.login.toUpperCase(), 25);
    await fail(student.user.login, 10);
    await fail(quiet.user.login, 9);
    await fail('nobody-has-this-login', 30);
    // The owner of the guessed account signs in: still worth telling the teacher about.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: guessed.user.login, password: TEST_PASSWORD }, remoteAddress: '10.21.0.1' })).statusCode).toBe(200);
    const res = await warnings(teacher.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const body = signInWarningsSchema.parse(res.json());
    expect(body).toEqual([
      { userId: guessed.user.id, failedSignIns: 25 },
      { userId: student.user.id, failedSignIns: 10 },
    ]);
  });

  it('is for teachers only', async () => {
    const student = await createUser(t);
    expect((await warnings(student.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/sign-in-warnings' })).statusCode).toBe(401);
  });
});
