import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, LEADERBOARD_PERIODS } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from '../../test/fixtures.js';

/** PRODUCT.md §13 on both databases: join codes, closed groups, sign-up through a join link, short names. */
describe.each(testDatabases())('bringing a class in on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let otherTeacher: Awaited<ReturnType<typeof createUser>>;
  let group: { id: number; name: string };
  let otherGroup: { id: number; name: string };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    otherGroup = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    otherTeacher = await createUser(t, { role: 'teacher', groupIds: [otherGroup.id] });
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string | null, payload?: unknown, ip = '10.9.0.1') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const rotate = async (groupId: number, token = teacher.token) => {
    const res = await inject('POST', `/api/groups/${groupId}/join-code`, token);
    expect(res.statusCode).toBe(200);
    return res.json<{ code: string }>().code;
  };
  const settings = (groupId: number, patch: Record<string, boolean>) => inject('PATCH', `/api/groups/${groupId}/settings`, teacher.token, patch);
  const groupsOf = async (userId: number) =>
    (await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()).map((r) => r.group_id);

  describe('join codes', () => {
    it('makes 8-character codes without look-alikes and shows the live one again to the group’s teachers', async () => {
      const before = await inject('GET', `/api/groups/${group.id}/settings`, teacher.token);
      expect(before.json()).toEqual({ closed: false, activateOnJoin: false, leaderboardShortNames: false, joinCode: null });
      const code = await rotate(group.id);
      expect(code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`));
      expect(code).not.toMatch(/[0O1IL5S2Z8B]/);
      expect((await inject('GET', `/api/groups/${group.id}/settings`, teacher.token)).json().joinCode).toBe(code);
    });

    it('does not store the code: the database holds neither it nor anything it can be read back from without the secret', async () => {
      const code = await rotate(group.id);
      const row = await t.db.selectFrom('groups').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row.join_code_hash).toBeTruthy();
      expect(row.join_code_nonce).toBeTruthy();
    });

    it('rotation invalidates the old code at once', async () => {
      const old = await rotate(group.id);
      const fresh = await rotate(group.id);
      expect(fresh).not.toBe(old);
      const student = await createUser(t);
      const wrong = await inject('POST', '/api/groups/join', student.token, { code: old });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().validationErrors).toEqual({ code: 'joinCode.error.wrong' });
      const ok = await inject('POST', '/api/groups/join', student.token, { code: fresh.toLowerCase().replace(/^(....)/, '$1-') });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.groups).toEqual([{ id: group.id, name: group.name }]);
      // The fresh token says the same as the database.
      const profile = await inject('GET', '/api/users/profile', ok.json().access_token);
      expect(profile.json().groups).toEqual([{ id: group.id, name: group.name }]);
    });

    it('a wrong, empty or malformed code is a 400 on validationErrors.code and changes nothing', async () => {
      const student = await createUser(t, { groupIds: [otherGroup.id] });
      for (const code of ['AAAAAAAA', 'short', 'x'.repeat(33), '', '   ', '0O1IL5S2']) {
        const res = await inject('POST', '/api/groups/join', student.token, { code });
        expect(res.statusCode, code).toBe(400);
        expect(Object.keys(res.json().validationErrors)).toEqual(['code']);
      }
      expect((await inject('POST', '/api/groups/join', student.token, {})).json().validationErrors).toEqual({ code: 'joinCode.error.required' });
      expect(await groupsOf(student.user.id)).toEqual([otherGroup.id]);
    });

    it('a teacher of another group can neither read nor rotate the code, nor change the settings; students cannot either', async () => {
      const code = await rotate(group.id);
      for (const [method, url] of [
        ['GET', `/api/groups/${group.id}/settings`],
        ['POST', `/api/groups/${group.id}/join-code`],
        ['PATCH', `/api/groups/${group.id}/settings`],
      ] as const) {
        const res = await inject(method, url, otherTeacher.token, method === 'PATCH' ? { closed: true } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain(code);
        const student = await createUser(t, { groupIds: [group.id] });
        expect((await inject(method, url, student.token, method === 'PATCH' ? { closed: true } : undefined)).statusCode).toBe(403);
      }
      // Still the same code: the refused rotation changed nothing.
      expect((await inject('GET', `/api/groups/${group.id}/settings`, teacher.token)).json()).toMatchObject({ joinCode: code, closed: false });
      expect((await inject('POST', '/api/groups/999999/join-code', teacher.token)).statusCode).toBe(403);
      expect((await inject('POST', '/api/groups/join', teacher.token, { code })).statusCode).toBe(403);
    });
  });

  describe('closed groups', () => {
    let closed: { id: number; name: string };
    let code: string;
    beforeAll(async () => {
      closed = await createGroup(t);
      await t.db.insertInto('user_groups').values({ user_id: teacher.user.id, group_id: closed.id }).execute();
      teacher = { ...teacher, token: t.app.issueToken({ ...teacher.user, groups: [...teacher.user.groups, closed] } as never) };
      expect((await settings(closed.id, { closed: true })).json()).toMatchObject({ closed: true });
      code = await rotate(closed.id);
    });

    it('students do not see closed groups in the list except their own; teachers see all', async () => {
      const outsider = await createUser(t, { groupIds: [group.id] });
      const insider = await createUser(t, { groupIds: [closed.id] });
      const ids = async (token: string) => (await inject('GET', '/api/groups', token)).json<{ id: number }[]>().map((g) => g.id);
      expect(await ids(outsider.token)).not.toContain(closed.id);
      expect(await ids(outsider.token)).toContain(group.id);
      expect(await ids(insider.token)).toContain(closed.id);
      expect(await ids(teacher.token)).toContain(closed.id);
    });

    it('PATCH /api/users/students/profile refuses a closed group that is not theirs, keeps it for one who is in it', async () => {
      const outsider = await createUser(t, { groupIds: [group.id] });
      const refused = await inject('PATCH', '/api/users/students/profile', outsider.token, { groups: [closed.id] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().validationErrors).toEqual({ groups: 'profileForm.error.groupClosed' });
      expect(await groupsOf(outsider.user.id)).toEqual([group.id]);
      const insider = await createUser(t, { groupIds: [closed.id] });
      expect((await inject('PATCH', '/api/users/students/profile', insider.token, { groups: [closed.id] })).statusCode).toBe(200);
      expect((await inject('PATCH', '/api/users/students/profile', insider.token, { groups: [group.id] })).statusCode).toBe(200);
      // Having left it, the way back is the code.
      expect((await inject('PATCH', '/api/users/students/profile', insider.token, { groups: [{ id: closed.id }] })).statusCode).toBe(400);
    });

    it('sign-up cannot pick a closed group: groups in the body are ignored; only the code puts the student in', async () => {
      const login = uniqueLogin('closed');
      const res = await inject('POST', '/api/users', null, { login, password: TEST_PASSWORD, name: 'Sign Up', role: 'student', grade: 7, gradeLetter: 'А', groups: [closed.id] });
      expect(res.statusCode).toBe(201);
      expect(res.json().groups).toEqual([]);
      const viaCode = await inject('POST', '/api/users', null, { login: uniqueLogin('code'), password: TEST_PASSWORD, name: 'By Code', role: 'student', grade: 7, gradeLetter: 'А', joinCode: code });
      expect(viaCode.statusCode).toBe(201);
      expect(viaCode.json().groups).toEqual([{ id: closed.id, name: closed.name }]);
    });

    it('the code lets a student into a closed group; a teacher may still place a student there (PUT /api/users/{id})', async () => {
      const student = await createUser(t, { groupIds: [group.id] });
      expect((await inject('POST', '/api/groups/join', student.token, { code })).json().user.groups).toEqual([{ id: closed.id, name: closed.name }]);
      const placed = await createUser(t, { groupIds: [group.id] });
      const put = await inject('PUT', `/api/users/${placed.user.id}`, teacher.token, { groups: [closed.id] });
      expect(put.statusCode).toBe(200);
      expect(await groupsOf(placed.user.id)).toEqual([closed.id]);
    });
  });

  describe('sign-up through a join link', () => {
    const signUp = (extra: Record<string, unknown>, ip = '10.9.1.1') =>
      inject('POST', '/api/users', null, { login: uniqueLogin('link'), password: TEST_PASSWORD, name: 'Link Student', role: 'student', grade: 5, gradeLetter: 'В', ...extra }, ip);
    const signIn = (login: string) => inject('POST', '/api/auth/login', null, { login, password: TEST_PASSWORD });

    it('lands in the group but waits for a teacher by default; activates at once when the group allows it', async () => {
      const code = await rotate(group.id);
      const waiting = await signUp({ joinCode: code });
      expect(waiting.statusCode).toBe(201);
      expect(waiting.json()).toMatchObject({ activated: false, groups: [{ id: group.id }] });
      expect((await signIn(waiting.json().login)).statusCode).toBe(403);

      expect((await settings(group.id, { activateOnJoin: true })).json()).toMatchObject({ activateOnJoin: true });
      const active = await signUp({ joinCode: code });
      expect(active.json()).toMatchObject({ activated: true, groups: [{ id: group.id }] });
      expect((await signIn(active.json().login)).statusCode).toBe(200);
      // A plain sign-up is never activated, whatever the groups allow.
      expect((await signUp({ activated: true })).json()).toMatchObject({ activated: false, groups: [] });
      await settings(group.id, { activateOnJoin: false });
    });

    it("a waiting sign-up notifies the group's teachers (student.waiting), not other groups' nor an active one's", async () => {
      const waitingOf = async (token: string) =>
        (await inject('GET', '/api/notifications', token)).json<{ notifications: { kind: string; author: { id: number; name: string } | null }[] }>().notifications.filter((n) => n.kind === 'student.waiting');
      const before = (await waitingOf(teacher.token)).length;
      const code = await rotate(group.id);
      const waiting = await signUp({ joinCode: code, name: 'Waiting Wanda' });
      expect(waiting.statusCode).toBe(201);
      const told = await waitingOf(teacher.token);
      expect(told).toHaveLength(before + 1);
      expect(told[0]!.author).toEqual({ id: waiting.json().id, name: 'Waiting Wanda' });
      expect(await waitingOf(otherTeacher.token)).toHaveLength(0);
      // Active at once: nothing waits, nobody is told. A plain sign-up has no group to tell.
      await settings(group.id, { activateOnJoin: true });
      await signUp({ joinCode: code });
      await settings(group.id, { activateOnJoin: false });
      await signUp({});
      expect(await waitingOf(teacher.token)).toHaveLength(before + 1);
    });

    it('a wrong code refuses the whole sign-up (400 on joinCode) and creates nobody; teachers cannot use a code', async () => {
      const login = uniqueLogin('nobody');
      const res = await signUp({ login, joinCode: 'AAAAAAAA' });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toEqual({ joinCode: 'joinCode.error.wrong' });
      expect(await t.db.selectFrom('users').select('id').where('login_key', '=', login.toLowerCase()).executeTakeFirst()).toBeUndefined();
      const code = await rotate(group.id);
      const asTeacher = await signUp({ role: 'teacher', joinCode: code });
      expect(asTeacher.statusCode).toBe(400);
      expect(asTeacher.json().validationErrors).toEqual({ joinCode: 'joinCode.error.studentsOnly' });
    });
  });

  describe('leaderboard privacy', () => {
    it('students see "first name + initial" on every period when the group asks; teachers always full names', async () => {
      const g = await createGroup(t);
      await t.db.insertInto('user_groups').values({ user_id: teacher.user.id, group_id: g.id }).execute();
      const teacherToken = t.app.issueToken({ ...teacher.user, groups: [g] } as never);
      const olena = await createUser(t, { name: 'Олена Петренко', groupIds: [g.id] });
      await createUser(t, { name: 'Taras Shevchenko-Kovalenko', groupIds: [g.id] });
      await createUser(t, { name: 'Mononym', groupIds: [g.id] });
      const task = await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 3, group_id: g.id, author_id: teacher.user.id, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('solutions')
        .values({ task_id: task.id, author_id: olena.user.id, answer: '1', image_key: null, reviewed: 1, correct: 1, feedback: null, created_at: nowIso(), reviewed_at: nowIso(), reviewer_id: teacher.user.id })
        .execute();
      const names = async (token: string, period: string) =>
        (await inject('GET', `/api/leaderboard?groupId=${g.id}&period=${period}`, token)).json<{ name: string }[]>().map((r) => r.name).sort();
      const full = ['Mononym', 'Taras Shevchenko-Kovalenko', 'Олена Петренко'];
      for (const period of LEADERBOARD_PERIODS) expect(await names(olena.token, period)).toEqual(full);
      await inject('PATCH', `/api/groups/${g.id}/settings`, teacherToken, { leaderboardShortNames: true });
      for (const period of LEADERBOARD_PERIODS) {
        expect(await names(olena.token, period), period).toEqual(['Mononym', 'Taras S.', 'Олена П.']);
        expect(await names(teacherToken, period), period).toEqual(full);
      }
      // Points stay with the right student in the short view.
      const board = (await inject('GET', `/api/leaderboard?groupId=${g.id}&period=all`, olena.token)).json<{ userId: number; name: string; points: number }[]>();
      expect(board[0]).toMatchObject({ userId: olena.user.id, name: 'Олена П.', points: 3 + 1 + 3 });
    });
  });
});

describe.each(testDatabases())('join-code rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      joinRateLimitPerUser: 3,
      joinRateLimitPerIp: 5,
      // With Redis the counters live there, shared by every instance: the limit is checked that way too.
      ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL, redisKeyPrefix: `mathclub-test-${randomBytes(4).toString('hex')}:` } : {}),
    });
  });
  afterAll(async () => t.close());

  const join = (token: string, ip: string, code = 'AAAAAAAA') =>
    t.app.inject({ method: 'POST', url: '/api/groups/join', remoteAddress: ip, headers: bearer(token), payload: { code } });

  it('answers 429 with Retry-After past the per-account limit, even from a new address, and past the per-address limit for new accounts', async () => {
    const a = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await join(a.token, `10.8.0.${i + 1}`)).statusCode).toBe(400);
    const limited = await join(a.token, '10.8.0.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const students = await Promise.all([1, 2, 3].map(() => createUser(t)));
    for (let i = 0; i < 5; i++) expect((await join(students[i % 3]!.token, '10.8.1.1')).statusCode).toBe(400);
    expect((await join(students[2]!.token, '10.8.1.1')).statusCode).toBe(429);
    // Sign-ups with a code from that address count against the same limit.
    const viaSignUp = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '10.8.1.1',
      payload: { login: uniqueLogin('rl'), password: TEST_PASSWORD, name: 'R', role: 'student', grade: 7, gradeLetter: 'А', joinCode: 'AAAAAAAA' },
    });
    expect(viaSignUp.statusCode).toBe(429);
    // Another address is still served.
    expect((await join(students[2]!.token, '10.8.1.2')).statusCode).toBe(400);
  });
});
