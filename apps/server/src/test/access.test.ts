import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from './build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from './fixtures.js';
import { nowIso } from '../db/database.js';
import { multipartBody, type MultipartBody } from '../modules/files/multipart-test-body.js';
import { plainJpeg } from '../modules/files/test-images.js';

type Caller = 'anonymous' | 'inactive' | 'student' | 'teacher';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** The route as the docs name it. */
  route: string;
  /** Built per call, so destructive calls (delete) get a fresh target. */
  url: () => Promise<string> | string;
  body?: () => Promise<unknown> | unknown;
  /** A multipart body (payload and content type) instead of JSON. */
  form?: () => Promise<MultipartBody> | MultipartBody;
  expect: Record<Caller, number>;
  /** The call ends the caller's other sessions (a password change): use a throwaway caller. */
  freshCaller?: boolean;
}

/**
 * Every endpoint of this slice, tried as every kind of caller. "inactive" holds a token minted
 * while active, then deactivated: the per-request account check must shut it out.
 */
describe.each(testDatabases())('access table on %s', (dialect) => {
  let t: TestApp;
  const tokens = {} as Record<Caller, string | undefined>;
  let teacherId = 0;
  let studentId = 0;
  let groupId = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const group = await createGroup(t);
    groupId = group.id;
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { role: 'student', groupIds: [group.id] });
    const inactive = await createUser(t, { role: 'student', groupIds: [group.id] });
    await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', inactive.user.id).execute();
    teacherId = teacher.user.id;
    studentId = student.user.id;
    tokens.anonymous = undefined;
    tokens.inactive = inactive.token;
    tokens.student = student.token;
    tokens.teacher = teacher.token;
  });
  afterAll(async () => t.close());

  /** A new caller of the same kind, for calls that would spoil the shared callers' tokens. */
  const freshToken = async (caller: Caller): Promise<string | undefined> => {
    if (caller === 'anonymous') return undefined;
    const { user, token } = await createUser(t, { role: caller === 'teacher' ? 'teacher' : 'student', groupIds: [groupId] });
    if (caller === 'inactive') await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', user.id).execute();
    return token;
  };
  const someStudent = async () => (await createUser(t)).user.id;
  const someTask = async () =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 1, group_id: groupId, author_id: teacherId, image_key: null, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const someSolution = async () =>
    (
      await t.db
        .insertInto('solutions')
        .values({ task_id: await someTask(), author_id: studentId, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const someImageUrl = async () => t.app.imageUrls.urlFor(await t.app.images.put(await plainJpeg(8, 8), 'jpg'))!;
  const all = (status: number) => ({ anonymous: status, inactive: status, student: status, teacher: status });
  const signedIn = (student: number, teacher: number) => ({ anonymous: 401, inactive: 401, student, teacher });

  const table: Row[] = [
    { method: 'GET', route: '/api/health', url: () => '/api/health', expect: all(200) },
    { method: 'GET', route: '/api/ready', url: () => '/api/ready', expect: all(200) },
    { method: 'GET', route: '/api/docs/json', url: () => '/api/docs/json', expect: all(200) },
    { method: 'POST', route: '/api/auth/login', url: () => '/api/auth/login', body: () => ({ login: 'nobody', password: 'nothing-at-all' }), expect: all(401) },
    {
      method: 'POST',
      route: '/api/users',
      url: () => '/api/users',
      body: () => ({ login: uniqueLogin('signup'), password: 'long-enough-1', name: 'N', role: 'student', grade: 5, gradeLetter: 'В' }),
      expect: all(201),
    },
    { method: 'GET', route: '/api/users', url: () => '/api/users', expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${teacherId}`, expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${studentId}`, expect: signedIn(200, 200) },
    { method: 'PUT', route: '/api/users/{id}', url: async () => `/api/users/${await someStudent()}`, body: () => ({ name: 'Renamed', activated: true }), expect: signedIn(403, 200) },
    { method: 'PUT', route: '/api/users/{id}/password', url: async () => `/api/users/${await someStudent()}/password`, body: () => ({ password: 'temporary-pass' }), expect: signedIn(403, 204) },
    { method: 'PUT', route: '/api/users/me/password', url: () => '/api/users/me/password', body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }), expect: signedIn(200, 200), freshCaller: true },
    { method: 'GET', route: '/api/users/profile', url: () => '/api/users/profile', expect: signedIn(200, 200) },
    { method: 'PATCH', route: '/api/users/teachers/profile', url: () => '/api/users/teachers/profile', body: () => ({ name: 'Teacher', groups: [groupId] }), expect: signedIn(403, 200) },
    { method: 'PATCH', route: '/api/users/students/profile', url: () => '/api/users/students/profile', body: () => ({ groups: [groupId] }), expect: signedIn(200, 403) },
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
      form: async () => multipartBody({ title: 'T', text: 'x', level: 'advanced', points: 2, group: groupId }, [{ field: 'taskImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(403, 201),
    },
    { method: 'DELETE', route: '/api/tasks/{id}', url: async () => `/api/tasks/${await someTask()}`, expect: signedIn(403, 204) },
    { method: 'GET', route: '/api/solutions', url: () => `/api/solutions?authorId=${studentId}`, expect: signedIn(200, 200) },
    {
      method: 'POST',
      route: '/api/solutions',
      url: () => '/api/solutions',
      form: async () => multipartBody({ taskId: await someTask(), answer: '42' }, [{ field: 'solutionImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(201, 403),
    },
    { method: 'PUT', route: '/api/solutions/{id}', url: async () => `/api/solutions/${await someSolution()}`, body: () => ({ correct: true, reviewed: true, feedback: 'Good' }), expect: signedIn(403, 200) },
    { method: 'GET', route: '/api/leaderboard', url: () => `/api/leaderboard?groupId=${groupId}&period=week`, expect: signedIn(200, 200) },
    { method: 'GET', route: '/api/leaderboard', url: async () => `/api/leaderboard?groupId=${(await createGroup(t)).id}`, expect: signedIn(403, 403) },
    { method: 'GET', route: '/api/leaderboard', url: () => '/api/leaderboard?groupId=999999', expect: signedIn(404, 404) },
    { method: 'GET', route: '/api/leaderboard', url: () => `/api/leaderboard?groupId=${groupId}&period=year`, expect: signedIn(400, 400) },
    { method: 'GET', route: '/api/files/{key}', url: someImageUrl, expect: all(200) },
    { method: 'GET', route: '/api/files/{key}', url: async () => (await someImageUrl()).replace(/sig=[^&]+/, 'sig=forged'), expect: all(403) },
  ];

  const callers: Caller[] = ['anonymous', 'inactive', 'student', 'teacher'];
  for (const row of table) {
    for (const caller of callers) {
      it(`${row.method} ${row.route} as ${caller} → ${row.expect[caller]}`, async () => {
        const token = row.freshCaller ? await freshToken(caller) : tokens[caller];
        const body = row.body ? await row.body() : undefined;
        const form = row.form ? await row.form() : undefined;
        const res = await t.app.inject({
          method: row.method,
          url: await row.url(),
          headers: { ...(token ? bearer(token) : {}), ...form?.headers },
          ...(body !== undefined ? { payload: body as object } : {}),
          ...(form ? { payload: form.payload } : {}),
        });
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode >= 400) expect(apiErrorSchema.safeParse(res.json()).success, res.body).toBe(true);
        if (row.route.includes('docs') || row.route.includes('files')) return;
        expect(res.body).not.toMatch(/password_?hash|"password"|argon2/i);
      });
    }
  }
});
