import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from '../../test/fixtures.js';
import { craftToken, decodeToken } from '../../test/jwt.js';

describe.each(testDatabases())('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const login = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, headers });

  describe('login', () => {
    it('answers a token that carries the user and their groups, with sub = id and an expiry', async () => {
      const group = await createGroup(t);
      const { user } = await createUser(t, { role: 'student', groupIds: [group.id] });
      const res = await login({ login: user.login, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const { access_token } = res.json<{ access_token: string }>();
      const claims = decodeToken(access_token);
      expect(claims).toMatchObject({
        sub: String(user.id),
        id: user.id,
        login: user.login,
        name: user.name,
        role: 'student',
        activated: true,
        grade: 7,
        gradeLetter: 'Б',
        groups: [{ id: group.id, name: group.name }],
      });
      expect(claims.exp).toBe((claims.iat as number) + t.config.tokenTtlSeconds);
      expect(JSON.parse(Buffer.from(access_token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
      expect(JSON.stringify(claims)).not.toMatch(/password|hash/i);
    });

    it('compares the login trimmed and case-insensitively', async () => {
      const { user } = await createUser(t, { role: 'teacher', login: uniqueLogin('MixedCase') });
      const res = await login({ login: `  ${user.login.toUpperCase()} `, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('gives the same 401 for an unknown login and a wrong password', async () => {
      const { user } = await createUser(t);
      const unknown = await login({ login: 'nobody-here', password: TEST_PASSWORD }, { 'accept-language': 'en' });
      const wrong = await login({ login: user.login, password: 'wrong-password' }, { 'accept-language': 'en' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong login or password' });
    });

    it('refuses an inactive account with 403 and a localised message, only with the right password', async () => {
      const { user } = await createUser(t, { activated: false });
      const en = await login({ login: user.login, password: TEST_PASSWORD }, { 'accept-language': 'en-US,en;q=0.9' });
      expect(en.statusCode).toBe(403);
      expect(en.json()).toEqual({ statusCode: 403, code: 'ACCOUNT_INACTIVE', message: 'Your account is waiting for activation by a teacher' });
      const uk = await login({ login: user.login, password: TEST_PASSWORD });
      expect(uk.json().message).toBe('Ваш обліковий запис чекає на активацію вчителем');
      const wrong = await login({ login: user.login, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
    });

    it('names missing fields with their i18n keys', async () => {
      const res = await login({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        validationErrors: { login: 'auth.error.loginRequired', password: 'auth.error.passwordRequired' },
      });
      const blank = await login({ login: '   ', password: '' });
      expect(blank.json().validationErrors).toEqual({ login: 'auth.error.loginRequired', password: 'auth.error.passwordRequired' });
    });
  });

  describe('tokens', () => {
    it('lets a valid token in and puts the fresh user on the request', async () => {
      const { user, token } = await createUser(t, { role: 'teacher' });
      const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, login: user.login });
    });

    it('refuses missing, malformed, unsigned, foreign-key, wrong-algorithm and expired tokens with 401', async () => {
      const { user } = await createUser(t, { role: 'teacher' });
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: String(user.id), jti: 'a-session-id-1234', id: user.id, login: user.login, role: 'teacher', activated: true, iat: now, exp: now + 3600 };
      const headers: Record<string, string | undefined>[] = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer not.a.token' },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        bearer(craftToken({ alg: 'none', typ: 'JWT' }, claims)),
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, claims, 'some-other-secret-some-other-secret')),
        bearer(craftToken({ alg: 'HS512', typ: 'JWT' }, claims, t.config.jwtSecret)),
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 10 }, t.config.jwtSecret)),
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'abc' }, t.config.jwtSecret)),
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: '999999' }, t.config.jwtSecret)),
        // No jti (a token from before logout existed): it could never be ended, so it is refused.
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, jti: undefined }, t.config.jwtSecret)),
        bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, jti: 'x y' }, t.config.jwtSecret)),
      ];
      for (const h of headers) {
        const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: h as Record<string, string> });
        expect(res.statusCode, JSON.stringify(h)).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      }
      // The same claims signed properly do get in: the refusals above are about the token, not the user.
      const good = bearer(craftToken({ alg: 'HS256', typ: 'JWT' }, claims, t.config.jwtSecret));
      expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: good })).statusCode).toBe(200);
    });

    it('lets no altered copy of a token it has already checked (and remembers) in', async () => {
      const { user, token } = await createUser(t, { role: 'teacher' });
      const profile = (value: string) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${value}` } });
      expect((await profile(token)).statusCode).toBe(200);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: String(user.id + 1), id: user.id + 1 })).toString('base64url');
      const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
      for (const altered of [`${header}.${payload}.${flipped}`, `${header}.${otherPayload}.${signature}`, `${token}x`, `${token}.`, token.slice(0, -1)]) {
        expect((await profile(altered)).statusCode, altered).toBe(401);
      }
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('shuts a deactivated user out at their very next request, and tells them why (issue 26)', async () => {
      const { token: teacherToken } = await createUser(t, { role: 'teacher' });
      const { user, token } = await createUser(t, { role: 'student' });
      expect((await t.app.inject({ method: 'GET', url: '/api/groups', headers: bearer(token) })).statusCode).toBe(200);
      const setActive = (activated: boolean) =>
        t.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: bearer(teacherToken), payload: { activated } });
      expect((await setActive(false)).statusCode).toBe(200);
      const next = await t.app.inject({ method: 'GET', url: '/api/groups', headers: { ...bearer(token), 'accept-language': 'en' } });
      expect(next.statusCode).toBe(401);
      expect(next.json()).toEqual({
        statusCode: 401,
        code: 'ACCOUNT_DEACTIVATED',
        message: 'A teacher has turned your account off. Ask your teacher to turn it back on',
      });
      // Signing in again says the same, not "waiting for activation" as if the account were new…
      const again = await login({ login: user.login, password: TEST_PASSWORD });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: 'Учитель вимкнув ваш обліковий запис. Попросіть учителя увімкнути його знову' });
      // …and only to the right password.
      expect((await login({ login: user.login, password: 'not-the-password' })).json().code).toBe('INVALID_CREDENTIALS');
      // Turned back on: the old token stays ended, a new sign-in works.
      expect((await setActive(true)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/groups', headers: bearer(token) })).json().code).toBe('UNAUTHORIZED');
      expect((await login({ login: user.login, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('a never-activated account is not called turned off, with a token or at sign-in', async () => {
      const { user, token } = await createUser(t, { activated: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/groups', headers: bearer(token) })).json().code).toBe('UNAUTHORIZED');
      expect((await login({ login: user.login, password: TEST_PASSWORD })).json().code).toBe('ACCOUNT_INACTIVE');
    });

    it('answers requests that arrive together each with their own account (batched on PostgreSQL)', async () => {
      const groupA = await createGroup(t);
      const groupB = await createGroup(t);
      const a = await createUser(t, { role: 'student', groupIds: [groupA.id] });
      const b = await createUser(t, { role: 'student', groupIds: [groupA.id, groupB.id] });
      const teacher = await createUser(t, { role: 'teacher' });
      const off = await createUser(t, { role: 'student', activated: false });
      const callers = [a, b, teacher, off, a, b, teacher, off, a, b];
      const responses = await Promise.all(callers.map((c) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(c.token) })));
      responses.forEach((res, i) => {
        const caller = callers[i]!;
        if (caller === off) return expect(res.statusCode).toBe(401);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: caller.user.id, login: caller.user.login, role: caller.user.role });
        expect(res.json().groups.map((g: { id: number }) => g.id).sort()).toEqual(caller.user.groups.map((g) => g.id).sort());
      });
    });

    it('uses the role stored now, not the one in the token', async () => {
      const { user } = await createUser(t, { role: 'student' });
      const forged = t.app.issueToken({ ...user, role: 'teacher', grade: null, gradeLetter: null, groups: [] });
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(forged) });
      expect(res.statusCode).toBe(403);
    });

    it('shuts a deleted user out', async () => {
      const { user, token } = await createUser(t, { role: 'teacher' });
      await t.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(401);
    });
  });
});

describe.each(testDatabases())('sign-in guessing on %s', (dialect) => {
  // The shipped rules (5 free wrong passwords per login and address, then 1 s doubling to 300 s;
  // 10 failures of a login from everywhere put it under watch), with the per-address attempt limit
  // raised so the guessing rules are what answers.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { loginFreeFailures: 5, loginMaxDelaySeconds: 300, loginRateLimit: 10, loginRateLimitPerIp: 100_000 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const attempt = (loginName: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password }, remoteAddress: ip, headers: { 'accept-language': 'en' } });

  it('answers 5 wrong passwords from one address at once, then makes it wait 1 s, 2 s, 4 s… up to 300 s, never longer', async () => {
    // Its own app: here the login's failures from everywhere must not reach the watch threshold.
    const own = await buildTestApp(dialect, { loginFreeFailures: 5, loginMaxDelaySeconds: 300, loginRateLimit: 1000, loginRateLimitPerIp: 100_000 });
    const shared = t;
    t = own;
    const { user } = await createUser(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 5; i++) expect((await attempt(user.login, `wrong-${i}`, '10.3.0.1')).statusCode).toBe(401);
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        const refused = await attempt(user.login, 'wrong-again', '10.3.0.1');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        // Not a moment early…
        vi.setSystemTime(Date.now() + wait * 1000 - 100);
        expect((await attempt(user.login, 'wrong-again', '10.3.0.1')).statusCode).toBe(429);
        // …and then one more guess is checked.
        vi.setSystemTime(Date.now() + 100);
        expect((await attempt(user.login, `wrong-late-${i}`, '10.3.0.1')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
      // Even the right password waits at the address that guessed…
      expect((await attempt(user.login, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
      // …but not from any other address.
      expect((await attempt(user.login, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      t = shared;
      await own.close();
    }
  });

  it("an attacker's 10, 100 and 1,000 failures, from one address or many, never stop the owner signing in at once from a clean address", async () => {
    const { user } = await createUser(t, { role: 'teacher', login: 'admin' });
    let sent = 0;
    for (const total of [10, 100, 1000]) {
      for (; sent < total; sent += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            Promise.all([attempt('admin', `guess-${sent + i}`, '10.4.0.1'), attempt('ADMIN ', `guess-${sent + i}`, `10.5.${(sent + i) >> 8}.${(sent + i) & 255}`)]),
          ),
        );
      }
      const res = await attempt('admin', TEST_PASSWORD, `10.6.0.${total % 250}`);
      expect(res.statusCode, `after ${total} failures from one address and ${total} from many`).toBe(200);
      expect(decodeToken(res.json().access_token).sub).toBe(String(user.id));
    }
  });

  it('under many failures from everywhere, a new address gets one free guess for that login, then waits', async () => {
    const { user } = await createUser(t);
    for (let i = 0; i < 10; i++) expect((await attempt(user.login, `spread-${i}`, `10.7.0.${i}`)).statusCode).toBe(401);
    // For an address that has failed already the curve now starts after its first failure: its
    // second wrong guess is checked, then it waits 2 s.
    expect((await attempt(user.login, 'spread-z', '10.7.0.0')).statusCode).toBe(401);
    expect((await attempt(user.login, 'spread-z', '10.7.0.0')).headers['retry-after']).toBe('2');
    expect((await attempt(user.login, 'spread-x', '10.7.1.1')).statusCode).toBe(401);
    const waits = await attempt(user.login, 'spread-y', '10.7.1.1');
    expect(waits.statusCode).toBe(429);
    expect(waits.headers['retry-after']).toBe('1');
    // The owner's first try from a clean address still goes straight in.
    expect((await attempt(user.login, TEST_PASSWORD, '10.7.1.2')).statusCode).toBe(200);
  });

  it('40 wrong passwords sent at once from one address: exactly 5 are checked, the rest answer 429 unchecked', async () => {
    const { user } = await createUser(t);
    const verify = vi.spyOn(t.app.passwords, 'verify');
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(user.login, `concurrent-${i}`, '10.8.0.1')));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    expect(verify).toHaveBeenCalledTimes(5);
    verify.mockRestore();
    for (const r of responses.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("behind one school address, a student's guessing never makes the teacher's own browser wait", async () => {
    const { user } = await createUser(t, { role: 'teacher' });
    const school = '10.30.0.1';
    const signIn = (password: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: user.login, password }, remoteAddress: school, headers: cookie ? { cookie } : {} });
    const first = await signIn(TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^mathclub_device=[\w.~-]+;/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/login/);
    const cookie = setCookie.split(';')[0]!;
    // A student at the same address guesses (no cookie): slowed as before.
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`student-guess-${i}`)));
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect((await signIn(TEST_PASSWORD)).statusCode, 'the address itself waits').toBe(429);
    // The teacher's browser is counted on its own: in at once, even after a typo.
    expect((await signIn('teacher-typo', cookie)).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD, cookie)).statusCode).toBe(200);
    // A made-up cookie, or one signed for another login, is just the address.
    const forged = `mathclub_device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect((await signIn(TEST_PASSWORD, forged)).statusCode).toBe(429);
    const other = await createUser(t);
    const otherCookie = String(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: other.user.login, password: TEST_PASSWORD }, remoteAddress: '10.30.0.2' })).headers['set-cookie'],
    ).split(';')[0]!;
    expect((await signIn(TEST_PASSWORD, otherCookie)).statusCode).toBe(429);
  });

  it('the right password forgets the failures of that login and address', async () => {
    const { user } = await createUser(t);
    for (let i = 0; i < 4; i++) expect((await attempt(user.login, `typo-${i}`, '10.9.0.1')).statusCode).toBe(401);
    expect((await attempt(user.login, TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(user.login, `typo-again-${i}`, '10.9.0.1')).statusCode).toBe(401);
    expect((await attempt(user.login, TEST_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('sign-in attempts per address on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { loginRateLimitPerIp: 8 });
  });
  afterAll(async () => t.close());

  const attempt = (loginName: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password }, remoteAddress: ip, headers: { 'accept-language': 'en' } });

  it('limits attempts per address across logins, with Retry-After, and tells why', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await attempt(`someone${i}`, 'whatever-pass', '10.2.0.1')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
    const res = await attempt('someone', 'whatever-pass', '10.2.0.1');
    expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/Too many attempts/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address still gets through.
    expect((await attempt('someone', 'whatever-pass', '10.2.0.2')).statusCode).toBe(401);
  });

  it('a browser that signed in to its login before is not held up by its address being used up', async () => {
    const { user } = await createUser(t);
    const before = await attempt(user.login, TEST_PASSWORD, '10.2.1.1');
    const cookie = String(before.headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < 8; i++) await attempt(`spray${i}`, 'whatever-pass', '10.2.1.1');
    expect((await attempt(user.login, TEST_PASSWORD, '10.2.1.1')).statusCode).toBe(429);
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: user.login, password: TEST_PASSWORD }, remoteAddress: '10.2.1.1', headers: { cookie } });
    expect(known.statusCode).toBe(200);
  });
});
