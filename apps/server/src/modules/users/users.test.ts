import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from '../../test/fixtures.js';
import { craftToken, decodeToken } from '../../test/jwt.js';

describe.each(testDatabases())('users on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await createUser(t, { role: 'teacher' });
    owner = await createUser(t, { role: 'teacher', owner: true });
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const signIn = (login: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  /** A token issued a minute ago, as if signed in earlier on another device. */
  const oldToken = (id: number) => {
    const now = Math.floor(Date.now() / 1000);
    return craftToken({ alg: 'HS256', typ: 'JWT' }, { sub: String(id), jti: randomBytes(16).toString('base64url'), iat: now - 60, exp: now + 3600 }, t.config.jwtSecret);
  };
  const countUsers = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('sign-up', () => {
    it('creates an inactive student whatever `activated` says, and never shows the hash', async () => {
      const login = uniqueLogin('Stud');
      const res = await inject('POST', '/api/users', undefined, {
        login: `  ${login} `,
        password: 'long-enough-1',
        name: ' Оксана ',
        activated: true,
        role: 'student',
        grade: 7,
        gradeLetter: 'Ґ',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        login,
        name: 'Оксана',
        role: 'student',
        activated: false,
        owner: false,
        grade: 7,
        gradeLetter: 'Ґ',
        groups: [],
      });
      expect(res.body).not.toMatch(/password|hash/i);
      const row = await t.db.selectFrom('users').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.activated).toBe(0);
    });

    it('stores a teacher without grade and letter', async () => {
      const res = await inject('POST', '/api/users', undefined, {
        login: uniqueLogin('t'),
        password: 'long-enough-1',
        name: 'Teacher',
        role: 'teacher',
        grade: 5,
        gradeLetter: 'А',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: 'teacher', activated: false, grade: null, gradeLetter: null });
    });

    it('refuses admin, unknown roles, and students without grade or letter', async () => {
      const base = { login: uniqueLogin(), password: 'long-enough-1', name: 'X' };
      for (const role of ['admin', 'superuser', undefined]) {
        const res = await inject('POST', '/api/users', undefined, { ...base, role });
        expect(res.statusCode).toBe(400);
        expect(res.json().validationErrors).toEqual({ role: 'auth.error.roleRequired' });
      }
      const student = await inject('POST', '/api/users', undefined, { ...base, role: 'student' });
      expect(student.json().validationErrors).toEqual({ grade: 'auth.error.gradeRequired', gradeLetter: 'auth.error.gradeLetterRequired' });
      const range = await inject('POST', '/api/users', undefined, { ...base, role: 'student', grade: 13, gradeLetter: 'Q' });
      expect(range.json().validationErrors).toEqual({ grade: 'auth.error.gradeRange', gradeLetter: 'auth.error.gradeLetterRequired' });
      const short = await inject('POST', '/api/users', undefined, { ...base, password: 'short', role: 'teacher' });
      expect(short.json().validationErrors).toEqual({ password: 'auth.error.passwordTooShort' });
    });

    it('keeps logins unique case-insensitively and says so under the login field', async () => {
      const login = uniqueLogin('Dup');
      const body = { password: 'long-enough-1', name: 'A', role: 'teacher' };
      expect((await inject('POST', '/api/users', undefined, { ...body, login })).statusCode).toBe(201);
      const before = await countUsers();
      const res = await inject('POST', '/api/users', undefined, { ...body, login: ` ${login.toUpperCase()}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LOGIN_TAKEN', validationErrors: { login: 'auth.error.loginTaken' } });
      expect(await countUsers()).toBe(before);
    });

    it('lets only one of two racing sign-ups for the same login win', async () => {
      const login = uniqueLogin('race');
      const body = { login, password: 'long-enough-1', name: 'A', role: 'teacher' };
      const results = await Promise.all([1, 2, 3].map(() => inject('POST', '/api/users', undefined, body)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 400, 400]);
      for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().validationErrors).toEqual({ login: 'auth.error.loginTaken' });
    });

    it('walks the whole journey: sign up, wait, get activated, sign in', async () => {
      const login = uniqueLogin('journey');
      const created = await inject('POST', '/api/users', undefined, { login, password: 'long-enough-1', name: 'J', role: 'student', grade: 6, gradeLetter: 'А' });
      expect((await signIn(login, 'long-enough-1')).statusCode).toBe(403);
      const activated = await inject('PUT', `/api/users/${created.json().id}`, teacher.token, { ...created.json<Record<string, unknown>>(), activated: true });
      expect(activated.statusCode).toBe(200);
      expect(activated.json().activated).toBe(true);
      expect((await signIn(login, 'long-enough-1')).statusCode).toBe(200);
    });
  });

  describe('listing and reading', () => {
    it('lists every user with their groups for a teacher, never a hash', async () => {
      const g1 = await createGroup(t);
      const g2 = await createGroup(t);
      const { user: s } = await createUser(t, { groupIds: [g1.id] });
      const { user: tt } = await createUser(t, { role: 'teacher', groupIds: [g1.id, g2.id] });
      const res = await inject('GET', '/api/users', teacher.token);
      expect(res.statusCode).toBe(200);
      const users = res.json<{ id: number; groups: { id: number }[] }[]>();
      expect(users.find((u) => u.id === s.id)?.groups.map((g) => g.id)).toEqual([g1.id]);
      expect(users.find((u) => u.id === tt.id)?.groups.map((g) => g.id).sort()).toEqual([g1.id, g2.id].sort());
      expect(res.body).not.toMatch(/password|hash/i);
    });

    it('shows a user to a teacher, to themself, and to nobody else', async () => {
      const { user: a, token: aToken } = await createUser(t);
      const { user: b } = await createUser(t);
      expect((await inject('GET', `/api/users/${a.id}`, teacher.token)).json()).toMatchObject({ id: a.id });
      expect((await inject('GET', `/api/users/${a.id}`, aToken)).statusCode).toBe(200);
      expect((await inject('GET', `/api/users/${b.id}`, aToken)).statusCode).toBe(403);
      expect((await inject('GET', '/api/users/999999', aToken)).statusCode).toBe(403);
      expect((await inject('GET', '/api/users/999999', teacher.token)).statusCode).toBe(404);
      expect((await inject('GET', '/api/users/abc', teacher.token)).statusCode).toBe(400);
      expect((await inject('GET', '/api/users/0', teacher.token)).json().validationErrors).toEqual({ id: 'common.error.invalidId' });
    });

    it('shows the signed-in user their profile', async () => {
      const g = await createGroup(t);
      const { user, token } = await createUser(t, { groupIds: [g.id] });
      const res = await inject('GET', '/api/users/profile', token);
      expect(res.json()).toEqual(user);
    });
  });

  describe('teacher updates', () => {
    it('changes only name, activation, grade, letter and groups; ignores login, role and password', async () => {
      const g = await createGroup(t);
      const { user } = await createUser(t, { activated: false });
      const res = await inject('PUT', `/api/users/${user.id}`, teacher.token, {
        ...user,
        login: 'hijacked',
        role: 'teacher',
        password: 'new-password-1',
        name: 'Renamed',
        activated: true,
        grade: 9,
        gradeLetter: 'Я',
        groups: [{ id: g.id, name: g.name }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...user, name: 'Renamed', activated: true, grade: 9, gradeLetter: 'Я', groups: [{ id: g.id, name: g.name }] });
      expect((await signIn(user.login, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(user.login, 'new-password-1')).statusCode).toBe(401);
    });

    it('keeps a teacher free of grade and letter', async () => {
      const { user } = await createUser(t, { role: 'teacher' });
      const res = await inject('PUT', `/api/users/${user.id}`, owner.token, { grade: 5, gradeLetter: 'А', activated: false });
      expect(res.json()).toMatchObject({ grade: null, gradeLetter: null, activated: false });
    });

    it('refuses to erase a student grade', async () => {
      const { user } = await createUser(t);
      const res = await inject('PUT', `/api/users/${user.id}`, teacher.token, { grade: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toEqual({ grade: 'auth.error.gradeRequired' });
    });

    it('does not let a teacher deactivate themself', async () => {
      const res = await inject('PUT', `/api/users/${teacher.user.id}`, teacher.token, { activated: false });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CANNOT_DEACTIVATE_SELF');
      expect((await inject('GET', '/api/users/profile', teacher.token)).statusCode).toBe(200);
    });

    it('refuses unknown groups and a second group for a student, changing nothing', async () => {
      const g1 = await createGroup(t);
      const g2 = await createGroup(t);
      // A student in no group: any teacher manages them (a student of another teacher's group is a 403).
      const { user } = await createUser(t);
      const unknown = await inject('PUT', `/api/users/${user.id}`, teacher.token, { name: 'Changed', groups: [999_999] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().validationErrors).toEqual({ groups: 'profileForm.error.groupUnknown' });
      const two = await inject('PUT', `/api/users/${user.id}`, teacher.token, { groups: [g1.id, g2.id] });
      expect(two.json().validationErrors).toEqual({ groups: 'profileForm.error.oneGroupOnly' });
      const after = await inject('GET', `/api/users/${user.id}`, teacher.token);
      expect(after.json()).toMatchObject({ name: user.name, groups: [] });
    });

    it('answers 404 for an unknown user', async () => {
      expect((await inject('PUT', '/api/users/999999', teacher.token, { activated: true })).statusCode).toBe(404);
    });
  });

  describe('profiles', () => {
    it('lets a teacher rename themself and pick groups, answering a fresh token that says the same', async () => {
      const g1 = await createGroup(t);
      const g2 = await createGroup(t);
      const { user, token } = await createUser(t, { role: 'teacher' });
      const res = await inject('PATCH', '/api/users/teachers/profile', token, { name: '  Ms Koval ', groups: [g1.id, { id: g2.id, name: 'x' }, g1.id] });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ user: { name: string; groups: { id: number }[] }; access_token: string }>();
      expect(body.user.name).toBe('Ms Koval');
      expect(body.user.groups.map((g) => g.id).sort()).toEqual([g1.id, g2.id].sort());
      const claims = decodeToken(body.access_token);
      expect(claims).toMatchObject({ sub: String(user.id), name: 'Ms Koval' });
      expect((claims.groups as { id: number }[]).map((g) => g.id).sort()).toEqual([g1.id, g2.id].sort());
      expect((await inject('GET', '/api/users/profile', body.access_token)).json().name).toBe('Ms Koval');
    });

    it('needs a teacher name and known groups', async () => {
      const { token } = await createUser(t, { role: 'teacher' });
      const blank = await inject('PATCH', '/api/users/teachers/profile', token, { name: '   ', groups: [] });
      expect(blank.json().validationErrors).toEqual({ name: 'profileForm.error.nameRequired' });
      const unknown = await inject('PATCH', '/api/users/teachers/profile', token, { name: 'A', groups: [999_999] });
      expect(unknown.json().validationErrors).toEqual({ groups: 'profileForm.error.groupUnknown' });
    });

    it('lets a student pick exactly one group (name read-only) and answers a fresh token', async () => {
      const g1 = await createGroup(t);
      const g2 = await createGroup(t);
      const { user, token } = await createUser(t, { groupIds: [g1.id] });
      const res = await inject('PATCH', '/api/users/students/profile', token, { groups: [g2.id], name: 'Hacker' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: user.name, groups: [{ id: g2.id, name: g2.name }] });
      expect(decodeToken(res.json().access_token).groups).toEqual([{ id: g2.id, name: g2.name }]);
      expect((await inject('PATCH', '/api/users/students/profile', token, { groups: [] })).json().validationErrors).toEqual({ groups: 'profileForm.error.groupRequired' });
      expect((await inject('PATCH', '/api/users/students/profile', token, { groups: [g1.id, g2.id] })).json().validationErrors).toEqual({ groups: 'profileForm.error.oneGroupOnly' });
      expect((await inject('PATCH', '/api/users/students/profile', token, { groups: [999_999] })).json().validationErrors).toEqual({ groups: 'profileForm.error.groupUnknown' });
    });

    it('keeps each role to its own profile endpoint', async () => {
      const { token: student } = await createUser(t);
      const g = await createGroup(t);
      expect((await inject('PATCH', '/api/users/teachers/profile', student, { name: 'X', groups: [] })).statusCode).toBe(403);
      expect((await inject('PATCH', '/api/users/students/profile', teacher.token, { groups: [g.id] })).statusCode).toBe(403);
    });
  });

  describe('passwords', () => {
    it('changes your own password after checking the current one, ending older sessions but not this one', async () => {
      const { user } = await createUser(t);
      const token = oldToken(user.id);
      const otherDevice = oldToken(user.id);
      const wrong = await inject('PUT', '/api/users/me/password', token, { currentPassword: 'not-it-at-all', newPassword: 'brand-new-pass' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', validationErrors: { currentPassword: 'password.error.currentWrong' } });
      const short = await inject('PUT', '/api/users/me/password', token, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
      expect(short.json().validationErrors).toEqual({ newPassword: 'auth.error.passwordTooShort' });
      const ok = await inject('PUT', '/api/users/me/password', token, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' });
      expect(ok.statusCode).toBe(200);
      const fresh = ok.json<{ access_token: string }>().access_token;
      expect(decodeToken(fresh)).toMatchObject({ sub: String(user.id), login: user.login });
      expect((await inject('GET', '/api/users/profile', fresh)).statusCode).toBe(200);
      expect((await inject('GET', '/api/users/profile', otherDevice)).statusCode).toBe(401);
      expect((await signIn(user.login, TEST_PASSWORD)).statusCode).toBe(401);
      const again = await signIn(user.login, 'brand-new-pass');
      expect(again.statusCode).toBe(200);
      expect((await inject('GET', '/api/users/profile', again.json().access_token)).statusCode).toBe(200);
    });

    it('ends a session opened in the same second, just before the password change', async () => {
      const { token: justNow } = await createUser(t);
      expect((await inject('GET', '/api/users/profile', justNow)).statusCode).toBe(200);
      // Sessions are compared to the millisecond: let at least one pass.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const ok = await inject('PUT', '/api/users/me/password', justNow, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass' });
      expect(ok.statusCode).toBe(200);
      // Both tokens were most likely issued within the same second as the change: only the new one counts.
      expect((await inject('GET', '/api/users/profile', justNow)).statusCode).toBe(401);
      expect((await inject('GET', '/api/users/profile', ok.json().access_token)).statusCode).toBe(200);
    });

    it("lets a teacher set a student's temporary password, and nobody else's", async () => {
      const { user: student } = await createUser(t);
      const studentToken = oldToken(student.id);
      const { user: otherTeacher } = await createUser(t, { role: 'teacher' });
      expect((await inject('PUT', `/api/users/${student.id}/password`, studentToken, { password: 'temporary-123' })).statusCode).toBe(403);
      const res = await inject('PUT', `/api/users/${student.id}/password`, teacher.token, { password: 'temporary-123' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      // Whoever held the old password's session is out.
      expect((await inject('GET', '/api/users/profile', studentToken)).statusCode).toBe(401);
      expect((await signIn(student.login, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(student.login, 'temporary-123')).statusCode).toBe(200);
      expect((await inject('PUT', `/api/users/${otherTeacher.id}/password`, teacher.token, { password: 'temporary-123' })).statusCode).toBe(403);
      expect((await inject('PUT', `/api/users/${teacher.user.id}/password`, teacher.token, { password: 'temporary-123' })).statusCode).toBe(403);
      expect((await inject('PUT', '/api/users/999999/password', teacher.token, { password: 'temporary-123' })).statusCode).toBe(404);
      expect((await inject('PUT', `/api/users/${student.id}/password`, teacher.token, { password: '' })).json().validationErrors).toEqual({ password: 'auth.error.passwordRequired' });
    });
  });
});

describe('sign-up limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { signUpRateLimitPerIp: 2 });
  });
  afterAll(async () => t.close());

  it('answers 429 past the hourly limit for one address, not for another', async () => {
    const signUp = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: ip,
        payload: { login: uniqueLogin('many'), password: 'long-enough-1', name: 'M', role: 'teacher' },
      });
    expect((await signUp('10.3.0.1')).statusCode).toBe(201);
    expect((await signUp('10.3.0.1')).statusCode).toBe(201);
    const third = await signUp('10.3.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect((await signUp('10.3.0.2')).statusCode).toBe(201);
  });
});
