import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../test/fixtures.js';

/** PRODUCT.md §16: every authenticated API answer is `Cache-Control: no-store`, errors and successes alike. */
describe.each(testDatabases())('no-store on %s', (dialect) => {
  let t: TestApp;
  let teacher: string;
  let student: string;
  let groupId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupId = (await createGroup(t)).id;
    teacher = (await createUser(t, { role: 'teacher', groupIds: [groupId] })).token;
    student = (await createUser(t, { groupIds: [groupId] })).token;
  });
  afterAll(async () => t.close());

  it('is on every successful authenticated answer, cached lists and compressed ones included', async () => {
    const calls: [string, string, string, unknown?][] = [
      ['GET', '/api/users', teacher],
      ['GET', '/api/users/profile', student],
      ['GET', '/api/groups', student],
      ['GET', '/api/tasks', teacher],
      ['GET', '/api/tasks/mine', student],
      ['GET', '/api/solutions', student],
      ['GET', `/api/leaderboard?groupId=${groupId}&period=all`, student],
      ['PATCH', '/api/users/students/profile', student, { groups: [groupId] }],
    ];
    for (const [method, url, token, payload] of calls) {
      for (const encoding of ['identity', 'br, gzip']) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { ...bearer(token), 'accept-encoding': encoding }, ...(payload ? { payload: payload as object } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
        expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      }
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer((await createUser(t)).token) });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('is on errors too: 400, 401, 403, 404, and on the token a sign-in hands out', async () => {
    const errors: [string, string, string | undefined, number][] = [
      ['GET', '/api/users', student, 403],
      ['GET', '/api/users', undefined, 401],
      ['GET', '/api/users/999999', teacher, 404],
      ['GET', '/api/leaderboard?groupId=x', student, 400],
      ['GET', '/api/no-such-thing', teacher, 404],
    ];
    for (const [method, url, token, status] of errors) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: token ? bearer(token) : {} });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const { user } = await createUser(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: user.login, password: 'correct-horse-9' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
