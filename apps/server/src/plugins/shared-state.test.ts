import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createUser, TEST_PASSWORD } from '../test/fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const limits: Partial<Config> = { loginFreeFailures: 3, loginRateLimitPerIp: 100, rateLimitPerIp: 6, signUpRateLimitPerIp: 2 };

const login = (app: FastifyInstance, loginName: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password }, remoteAddress: ip, headers: { 'accept-language': 'en' } });

/**
 * Two instances of the app on one database, as behind a load balancer: with REDIS_URL they must
 * count every limit together, or a client would get N times the limit by being spread over N.
 */
describe.skipIf(!REDIS_URL)('limits shared by several instances through Redis', () => {
  const prefix = `mathclub-test:${process.pid}:${Date.now()}:`;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp('sqlite', { ...limits, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    b = await buildApp(a.config, { database: a.database });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('slows a login and address on one instance after failures on the other; other addresses still sign in', async () => {
    const { user } = await createUser(a);
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? b : a.app, user.login, 'wrong-password', '10.9.0.1')).statusCode).toBe(401);
    for (const app of [a.app, b]) {
      const res = await login(app, user.login, TEST_PASSWORD, '10.9.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(res.headers['retry-after']).toBe('1');
    }
    expect((await login(b, user.login, TEST_PASSWORD, '10.9.0.99')).statusCode).toBe(200);
  });

  it('40 guesses sent at once to two instances from one address: exactly the 3 free ones are checked', async () => {
    const { user } = await createUser(a);
    const codes = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a.app, user.login, `together-${i}`, '10.9.4.1')))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(37);
  });

  it('a successful login on one instance clears the failures counted by the other', async () => {
    const { user } = await createUser(a);
    for (let i = 0; i < 2; i++) expect((await login(a.app, user.login, 'wrong-password', '10.9.1.1')).statusCode).toBe(401);
    expect((await login(b, user.login, TEST_PASSWORD, '10.9.1.1')).statusCode).toBe(200);
    // Without the reset these would be the third and fourth failures: the fourth would wait.
    for (let i = 0; i < 2; i++) expect((await login(a.app, user.login, 'wrong-password', '10.9.1.1')).statusCode).toBe(401);
    expect((await login(b, user.login, TEST_PASSWORD, '10.9.1.1')).statusCode).toBe(200);
  });

  it('counts one address over the whole API across instances', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const app = i % 2 ? b : a.app;
      // Spelt two ways: the limit counts the routed path.
      codes.push((await app.inject({ method: 'GET', url: i % 2 ? '/%61pi/groups' : '/api/groups', remoteAddress: '10.9.2.1' })).statusCode);
    }
    // Six per minute in all (each instance alone would have allowed six).
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await b.inject({ method: 'GET', url: '/api/groups', remoteAddress: '10.9.2.2' })).statusCode).toBe(401);
  });

  it('counts sign-ups per address across instances', async () => {
    const signUp = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: '10.9.3.1',
        payload: { login: `shared${process.pid}x${n}`, password: 'long-enough-1', name: 'Shared Limit', role: 'teacher' },
      });
    expect((await signUp(a.app, 1)).statusCode).toBe(201);
    expect((await signUp(b, 2)).statusCode).toBe(201);
    const third = await signUp(a.app, 3);
    expect(third.statusCode).toBe(429);
    expect(await a.db.selectFrom('users').select('id').where('login', '=', `shared${process.pid}x3`).executeTakeFirst()).toBeUndefined();
  });
});

/** Redis down (nothing listens on port 1): the school keeps working, nothing answers 500. */
describe('when Redis cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { ...limits, loginFreeFailures: 2, redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => t.close());

  it('still signs people in and answers the API; guessing is counted by this instance meanwhile', async () => {
    const { user, token } = await createUser(t);
    expect((await login(t.app, user.login, 'wrong-password', '10.8.0.1')).statusCode).toBe(401);
    expect((await login(t.app, user.login, 'wrong-password', '10.8.0.1')).statusCode).toBe(401);
    expect((await login(t.app, user.login, 'wrong-password', '10.8.0.1')).statusCode).toBe(429);
    expect((await login(t.app, user.login, TEST_PASSWORD, '10.8.0.3')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.8.0.2' });
      expect(res.statusCode).toBe(200);
    }
  });
});
