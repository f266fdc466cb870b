import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@mathclub/shared';
import { nowIso } from '../apps/server/src/db/database.js';
import { multipartBody, type MultipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { plainJpeg } from '../apps/server/src/modules/files/test-images.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from '../apps/server/src/test/fixtures.js';
import { buildWorld, CALLERS, type Caller, type World } from './helpers/world.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** The route as the OpenAPI document names it. */
  route: string;
  /** Built per call, so destructive calls (delete) get a fresh target. */
  url: (caller: Caller) => Promise<string> | string;
  body?: (caller: Caller) => Promise<unknown> | unknown;
  /** A multipart body (payload and content type) instead of JSON. */
  form?: () => Promise<MultipartBody> | MultipartBody;
  expect: Record<Caller, number>;
  /** The call ends the caller's other sessions (a password change): use a throwaway caller. */
  freshCaller?: boolean;
  /** Answers bytes, not JSON (images, docs): the secret checks do not apply. */
  raw?: boolean;
}

/** Hash-like or password fields, wherever they might sit in a body. */
const CREDENTIAL_LEAK = /password_?hash|passwordHash|"password"\s*:|\$argon2|login_key|sessions_valid_after/i;

/**
 * Every endpoint, tried as every kind of caller: the status, and that no answer carries what the
 * caller may not see (another group's tasks and image links, other students' answers, password
 * hashes). "deactivated" holds a token minted while active; the per-request account check must
 * shut it out. "inactive" was never activated.
 */
describe.each(testDatabases())('access table on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(async () => t.close());

  const tokenOf = (caller: Caller) => w.callers[caller].token;
  /** A new caller of the same kind, for calls that would spoil the shared callers' tokens. */
  const freshToken = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    const info = w.callers[caller];
    const role = caller === 'teacher' || caller === 'otherTeacher' ? 'teacher' : 'student';
    const { user, token } = await createUser(t, { role, groupIds: [info.groupId], activated: caller !== 'inactive' });
    if (caller === 'deactivated') await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', user.id).execute();
    return token;
  };
  const someStudent = async () => (await createUser(t)).user.id;
  const someTask = async (groupId = w.groupA) =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 1, group_id: groupId, author_id: w.callers.teacher.id, image_key: null, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const someSolution = async () =>
    (
      await t.db
        .insertInto('solutions')
        .values({ task_id: await someTask(), author_id: w.callers.student.id, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const someImageUrl = async () => t.app.imageUrls.urlFor(await t.app.images.put(await plainJpeg(8, 8), 'jpg'))!;
  const all = (status: number): Record<Caller, number> => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
  /** Signed-out callers get 401; `otherStudent` / `otherTeacher` default to what their role gets. */
  const signedIn = (student: number, teacher: number, other: { otherStudent?: number; otherTeacher?: number } = {}): Record<Caller, number> => ({
    anonymous: 401,
    inactive: 401,
    deactivated: 401,
    student,
    otherStudent: other.otherStudent ?? student,
    teacher,
    otherTeacher: other.otherTeacher ?? teacher,
  });

  const table = (): Row[] => [
    { method: 'GET', route: '/api/health', url: () => '/api/health', expect: all(200) },
    { method: 'GET', route: '/api/ready', url: () => '/api/ready', expect: all(200) },
    { method: 'GET', route: '/api/docs/json', url: () => '/api/docs/json', expect: all(200), raw: true },
    { method: 'POST', route: '/api/auth/login', url: () => '/api/auth/login', body: () => ({ login: 'nobody', password: 'nothing-at-all' }), expect: all(401) },
    {
      // Each caller with their own login and password: inactive accounts cannot sign in.
      method: 'POST',
      route: '/api/auth/login',
      url: () => '/api/auth/login',
      body: (caller) => ({ login: w.callers[caller].login, password: TEST_PASSWORD }),
      expect: { ...all(200), anonymous: 401, inactive: 403, deactivated: 403 },
    },
    {
      method: 'POST',
      route: '/api/users',
      url: () => '/api/users',
      body: () => ({ login: uniqueLogin('signup'), password: 'long-enough-1', name: 'N', role: 'student', grade: 5, gradeLetter: 'В' }),
      expect: all(201),
    },
    { method: 'GET', route: '/api/users', url: () => '/api/users', expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${w.callers.teacher.id}`, expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${w.callers.student.id}`, expect: signedIn(200, 200, { otherStudent: 403 }) },
    { method: 'PUT', route: '/api/users/{id}', url: async () => `/api/users/${await someStudent()}`, body: () => ({ name: 'Renamed', activated: true }), expect: signedIn(403, 200) },
    { method: 'PUT', route: '/api/users/{id}/password', url: async () => `/api/users/${await someStudent()}/password`, body: () => ({ password: 'temporary-pass' }), expect: signedIn(403, 204) },
    { method: 'PUT', route: '/api/users/me/password', url: () => '/api/users/me/password', body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }), expect: signedIn(200, 200), freshCaller: true },
    { method: 'GET', route: '/api/users/profile', url: () => '/api/users/profile', expect: signedIn(200, 200) },
    {
      method: 'PATCH',
      route: '/api/users/teachers/profile',
      url: () => '/api/users/teachers/profile',
      body: (caller) => ({ name: 'Teacher', groups: [w.callers[caller].groupId || w.groupA] }),
      expect: signedIn(403, 200),
    },
    {
      method: 'PATCH',
      route: '/api/users/students/profile',
      url: () => '/api/users/students/profile',
      body: (caller) => ({ groups: [w.callers[caller].groupId || w.groupA] }),
      expect: signedIn(200, 403),
    },
    { method: 'GET', route: '/api/groups', url: () => '/api/groups', expect: signedIn(200, 200) },
    { method: 'POST', route: '/api/groups', url: () => '/api/groups', body: () => ({ name: uniqueLogin('group') }), expect: signedIn(403, 201) },
    { method: 'PATCH', route: '/api/groups/{id}', url: async () => `/api/groups/${(await createGroup(t)).id}`, body: () => ({ name: uniqueLogin('renamed') }), expect: signedIn(403, 200) },
    { method: 'DELETE', route: '/api/groups/{id}', url: async () => `/api/groups/${(await createGroup(t)).id}`, expect: signedIn(403, 204) },
    { method: 'GET', route: '/api/tasks', url: () => '/api/tasks', expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/tasks/mine', url: () => '/api/tasks/mine', expect: signedIn(200, 200) },
    {
      method: 'POST',
      route: '/api/tasks',
      url: () => '/api/tasks',
      form: async () => multipartBody({ title: 'T', text: 'x', level: 'advanced', points: 2, group: w.groupA }, [{ field: 'taskImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(403, 201, { otherTeacher: 403 }),
    },
    { method: 'DELETE', route: '/api/tasks/{id}', url: async () => `/api/tasks/${await someTask()}`, expect: signedIn(403, 204, { otherTeacher: 404 }) },
    { method: 'GET', route: '/api/solutions', url: () => '/api/solutions', expect: signedIn(200, 200) },
    { method: 'GET', route: '/api/solutions', url: () => `/api/solutions?authorId=${w.callers.student.id}`, expect: signedIn(200, 200) },
    { method: 'GET', route: '/api/solutions', url: () => `/api/solutions?authorId=${w.classmateId}&reviewed=false`, expect: signedIn(200, 200) },
    { method: 'GET', route: '/api/solutions', url: () => `/api/solutions?taskId=${w.taskB}`, expect: signedIn(200, 200) },
    {
      method: 'POST',
      route: '/api/solutions',
      url: () => '/api/solutions',
      form: async () => multipartBody({ taskId: await someTask(), answer: '42' }, [{ field: 'solutionImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(201, 403, { otherStudent: 404 }),
    },
    {
      method: 'PUT',
      route: '/api/solutions/{id}',
      url: async () => `/api/solutions/${await someSolution()}`,
      body: () => ({ correct: true, reviewed: true, feedback: 'Good' }),
      expect: signedIn(403, 200, { otherTeacher: 404 }),
    },
    { method: 'GET', route: '/api/leaderboard', url: () => `/api/leaderboard?groupId=${w.groupA}&period=week`, expect: signedIn(200, 200, { otherStudent: 403, otherTeacher: 403 }) },
    { method: 'GET', route: '/api/leaderboard', url: async () => `/api/leaderboard?groupId=${(await createGroup(t)).id}`, expect: signedIn(403, 403) },
    { method: 'GET', route: '/api/leaderboard', url: () => '/api/leaderboard?groupId=999999', expect: signedIn(404, 404) },
    { method: 'GET', route: '/api/leaderboard', url: () => `/api/leaderboard?groupId=${w.groupA}&period=year`, expect: signedIn(400, 400) },
    { method: 'GET', route: '/api/files/{shard}/{name}', url: someImageUrl, expect: all(200), raw: true },
    { method: 'GET', route: '/api/files/{shard}/{name}', url: async () => (await someImageUrl()).replace(/sig=[^&]+/, 'sig=forged'), expect: all(403) },
    { method: 'GET', route: '/api/files/{shard}/{name}', url: async () => (await someImageUrl()).replace(/exp=\d+/, 'exp=1000'), expect: all(403) },
  ];

  it('lists every route the server registers (from its OpenAPI document)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const covered = new Set(table().map((row) => `${row.method} ${row.route}`));
    const registered = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
  });

  // Row labels are built before the world exists; URLs and bodies are built per call.
  const labels = [
    'GET /api/health', 'GET /api/ready', 'GET /api/docs/json', 'POST /api/auth/login (unknown login)', 'POST /api/auth/login (own credentials)', 'POST /api/users',
    'GET /api/users', 'GET /api/users/{id} (a teacher)', 'GET /api/users/{id} (the student)', 'PUT /api/users/{id}', 'PUT /api/users/{id}/password',
    'PUT /api/users/me/password', 'GET /api/users/profile', 'PATCH /api/users/teachers/profile', 'PATCH /api/users/students/profile', 'GET /api/groups',
    'POST /api/groups', 'PATCH /api/groups/{id}', 'DELETE /api/groups/{id}', 'GET /api/tasks', 'GET /api/tasks/mine', 'POST /api/tasks (group A)',
    'DELETE /api/tasks/{id} (group A)', 'GET /api/solutions', 'GET /api/solutions?authorId=student', 'GET /api/solutions?authorId=classmate',
    "GET /api/solutions?taskId=group B's task", 'POST /api/solutions (group A task)', 'PUT /api/solutions/{id} (group A)', 'GET /api/leaderboard (group A)',
    'GET /api/leaderboard (a group nobody belongs to)', 'GET /api/leaderboard (unknown group)', 'GET /api/leaderboard (bad period)',
    'GET /api/files (signed link)', 'GET /api/files (forged signature)', 'GET /api/files (expired link)',
  ];

  labels.forEach((label, index) => {
    for (const caller of CALLERS) {
      it(`${label} as ${caller}`, async () => {
        const row = table()[index]!;
        expect(labels.length).toBe(table().length);
        const token = row.freshCaller ? await freshToken(caller) : tokenOf(caller);
        const body = row.body ? await row.body(caller) : undefined;
        const form = row.form ? await row.form() : undefined;
        const res = await t.app.inject({
          method: row.method,
          url: await row.url(caller),
          headers: { ...(token ? bearer(token) : {}), ...form?.headers },
          ...(body !== undefined ? { payload: body as object } : {}),
          ...(form ? { payload: form.payload } : {}),
        });
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode >= 400) expect(apiErrorSchema.safeParse(res.json()).success, res.body).toBe(true);
        if (row.raw) return;
        if (res.statusCode !== 204) expect(res.headers['content-type'], 'user data is never served as HTML').toMatch(/^application\/json/);
        expect(res.body).not.toMatch(CREDENTIAL_LEAK);
        for (const secret of w.secrets) {
          if (secret.visibleTo.includes(caller)) continue;
          for (const needle of secret.needles) expect(res.body, `${caller} must not see ${secret.label}`).not.toContain(needle);
        }
      });
    }
  });

  it('shows each caller what they may see (the secret checks are not vacuous)', async () => {
    const get = async (caller: Caller, url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(tokenOf(caller)!) })).body;
    expect(await get('student', '/api/tasks/mine')).toContain('SECRET-TASK-A-TEXT');
    expect(await get('otherStudent', '/api/tasks/mine')).toContain('SECRET-TASK-B-TEXT');
    expect(await get('student', '/api/solutions')).toContain('SECRET-ANSWER-OWN');
    const teacherView = await get('teacher', '/api/solutions');
    expect(teacherView).toContain('SECRET-ANSWER-OWN');
    expect(teacherView).toContain('SECRET-ANSWER-CLASSMATE');
    expect(await get('otherTeacher', '/api/solutions')).toContain('SECRET-ANSWER-GROUP-B');
  });
});
