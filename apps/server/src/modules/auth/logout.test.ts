import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createUser, TEST_PASSWORD } from '../../test/fixtures.js';

/** PRODUCT.md §16: sessions end with a logout, a change of activation or a reset of the password. */
describe.each(testDatabases())('sessions on %s', (dialect) => {
  let t: TestApp;
  /** A second instance of the server on the same database, as behind a load balancer. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    other = await buildApp(t.config, { database: t.database });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const profile = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  const signIn = async (login: string, password = TEST_PASSWORD) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string }>().access_token;
  };
  const logout = (app: FastifyInstance, token?: string) => app.inject({ method: 'POST', url: '/api/auth/logout', headers: token ? bearer(token) : {} });

  it('ends exactly the token it was sent with, on every instance at once; another token of the same user keeps working', async () => {
    const { user } = await createUser(t);
    const phone = await signIn(user.login);
    const laptop = await signIn(user.login);
    expect((await profile(other, phone)).statusCode).toBe(200);

    const res = await logout(t.app, phone);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await profile(t.app, phone)).statusCode).toBe(401);
    expect((await profile(other, phone)).statusCode).toBe(401);
    expect((await logout(other, phone)).statusCode).toBe(401);
    expect((await profile(t.app, laptop)).statusCode).toBe(200);
    expect((await profile(other, laptop)).statusCode).toBe(200);
    // Signing in again is a new session.
    expect((await profile(other, await signIn(user.login))).statusCode).toBe(200);
  });

  it('answers 401 without a token, and keeps revocations only until their tokens expire', async () => {
    expect((await logout(t.app)).statusCode).toBe(401);
    const { user } = await createUser(t);
    await t.db.insertInto('revoked_tokens').values({ jti: 'long-gone-token-id', user_id: user.id, expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await logout(t.app, await signIn(user.login))).statusCode).toBe(204);
    const left = await t.db.selectFrom('revoked_tokens').select('jti').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.jti).not.toBe('long-gone-token-id');
  });

  it('does not let a deactivation be undone for the tokens issued before it (reactivation revives nothing)', async () => {
    const { token: teacherToken } = await createUser(t, { role: 'teacher' });
    const { user } = await createUser(t);
    const before = await signIn(user.login);
    const put = (activated: boolean) => t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: bearer(teacherToken), payload: { activated } });
    expect((await put(false)).statusCode).toBe(200);
    expect((await profile(t.app, before)).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await put(true)).statusCode).toBe(200);
    expect((await profile(t.app, before)).statusCode).toBe(401);
    expect((await profile(other, before)).statusCode).toBe(401);
    expect((await profile(t.app, await signIn(user.login))).statusCode).toBe(200);
  });

  it("ends a student's sessions when a teacher resets the password, and one's other sessions on a change of one's own", async () => {
    const { token: teacherToken } = await createUser(t, { role: 'teacher' });
    const { user } = await createUser(t);
    const first = await signIn(user.login);
    const reset = await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}/password`, headers: bearer(teacherToken), payload: { password: 'temporary-123' } });
    expect(reset.statusCode).toBe(204);
    expect((await profile(other, first)).statusCode).toBe(401);

    const here = await signIn(user.login, 'temporary-123');
    const elsewhere = await signIn(user.login, 'temporary-123');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(here),
      payload: { currentPassword: 'temporary-123', newPassword: 'my-own-secret-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await profile(other, elsewhere)).statusCode).toBe(401);
    expect((await profile(other, change.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
  });

  it('reads the revocations with the account check: no query of their own, and concurrent requests share one', async () => {
    const { user } = await createUser(t);
    const kept = await signIn(user.login);
    const ended = await signIn(user.login);
    expect((await logout(t.app, ended)).statusCode).toBe(204);
    // Every statement either engine runs during a burst of requests on a route that reads nothing else.
    const statements: string[] = [];
    const restore = watchStatements(t, statements);
    try {
      const statuses = await Promise.all([...Array(10)].map((_, i) => logout(t.app, i % 2 ? kept : ended).then((r) => r.statusCode)));
      expect(statuses.filter((_, i) => i % 2 === 0)).toEqual([401, 401, 401, 401, 401]);
    } finally {
      restore();
    }
    const accountChecks = statements.filter((text) => text.includes('user_groups'));
    expect(statements.filter((text) => text.includes('revoked_tokens') && !text.includes('user_groups') && !/^\s*(insert|delete)/i.test(text))).toEqual([]);
    // The watch sees builder statements too: the kept token's logout wrote its revocation.
    expect(statements.some((text) => /^\s*insert into "revoked_tokens"/i.test(text))).toBe(true);
    expect(accountChecks.length).toBeGreaterThan(0);
    expect(accountChecks.length).toBeLessThan(10);
  });
});

/** Records the SQL text of every statement run on `t`'s database until the returned function is called. */
function watchStatements(t: TestApp, into: string[]): () => void {
  // Kysely runs every statement (builders and raw ones) through its one executor.
  const db = t.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = db.executeQuery.bind(db);
  db.executeQuery = (q, ...rest) => {
    into.push(q.sql);
    return original(q, ...rest);
  };
  // PostgreSQL: the pool's own queries.
  type Pool = { query: (...args: unknown[]) => Promise<unknown> };
  const pools = [t.database.pgPool].filter((p) => p !== undefined) as unknown as Pool[];
  const originals = pools.map((pool) => {
    const originalQuery = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      into.push(typeof first === 'string' ? first : first.text);
      return originalQuery(...args);
    };
    return originalQuery;
  });
  return () => {
    db.executeQuery = original;
    pools.forEach((pool, i) => (pool.query = originals[i]!));
  };
}
