import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD } from '../apps/server/src/test/fixtures.js';
import { decodeToken } from '../apps/server/src/test/jwt.js';

/**
 * Issue 50, item 2: a token minted from a session (a profile save, a join) belongs to that
 * session. A stolen token used to mint a fresh 12 h token with a new session id at every save,
 * so logging the first out left the minted one working and the chain never ended.
 */
describe.each(testDatabases())('tokens minted from a session, on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
  });
  afterAll(async () => t.close());

  const signIn = async (login: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string }>().access_token;
  };
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  const logout = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Each way of minting a token from a session, for a fresh account. */
  const minters: Record<string, () => Promise<{ login: string; mint: (token: string) => Promise<string> }>> = {
    'a student saving their profile': async () => {
      const { user } = await createUser(t, { groupIds: [group.id] });
      return {
        login: user.login,
        mint: async (token) => {
          const res = await t.app.inject({ method: 'PATCH', url: '/api/users/students/profile', headers: bearer(token), payload: { groups: [group.id] } });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<{ access_token: string }>().access_token;
        },
      };
    },
    'a teacher saving their profile': async () => {
      const { user } = await createUser(t, { role: 'teacher', groupIds: [group.id] });
      return {
        login: user.login,
        mint: async (token) => {
          const res = await t.app.inject({ method: 'PATCH', url: '/api/users/teachers/profile', headers: bearer(token), payload: { name: 'Teacher Renamed', groups: [group.id] } });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<{ access_token: string }>().access_token;
        },
      };
    },
    'a student joining a group by code': async () => {
      const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
      const code = (await t.app.inject({ method: 'POST', url: `/api/groups/${group.id}/join-code`, headers: bearer(teacher.token) })).json<{ code: string }>().code;
      const { user } = await createUser(t);
      return {
        login: user.login,
        mint: async (token) => {
          const res = await t.app.inject({ method: 'POST', url: '/api/groups/join', headers: bearer(token), payload: { code } });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<{ access_token: string }>().access_token;
        },
      };
    },
  };

  for (const [how, make] of Object.entries(minters)) {
    it(`${how}: the minted token keeps the session's id and expiry, and a logout of either ends both`, async () => {
      const { login, mint } = await make();
      const first = await signIn(login);
      // A second later, so a fresh token would show a later iat and exp.
      await sleep(1100);
      const minted = await mint(first);
      const again = await mint(minted);
      const [c0, c1, c2] = [first, minted, again].map(decodeToken);
      expect(c1!.jti).toBe(c0!.jti);
      expect(c2!.jti).toBe(c0!.jti);
      expect(c1!.exp, 'the session lasts TOKEN_TTL from its sign-in').toBe(c0!.exp);
      expect(c2!.exp).toBe(c0!.exp);
      expect(c0!.exp).toBe((c0!.iat as number) + t.config.tokenTtlSeconds);
      for (const token of [first, minted, again]) expect((await profile(token)).statusCode).toBe(200);

      // Logging out the last of the chain ends the stolen first token too.
      expect((await logout(again)).statusCode).toBe(204);
      for (const token of [first, minted, again]) expect((await profile(token)).statusCode).toBe(401);

      // And the other way round: a logout of the first ends what was minted from it.
      const second = await signIn(login);
      const fromSecond = await mint(second);
      expect(decodeToken(fromSecond).jti).not.toBe(c0!.jti);
      expect((await logout(second)).statusCode).toBe(204);
      expect((await profile(fromSecond)).statusCode).toBe(401);
    });
  }

  it("a password change still starts a new session for the device that made it, and ends every other", async () => {
    const { user } = await createUser(t, { groupIds: [group.id] });
    const first = await signIn(user.login);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/password', headers: bearer(first), payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-horse-7' } });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ access_token: string }>().access_token;
    expect(decodeToken(fresh).jti).not.toBe(decodeToken(first).jti);
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(fresh)).statusCode).toBe(200);
  });
});
