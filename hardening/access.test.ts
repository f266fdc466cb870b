import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, type AuthenticatedUser } from '@mathclub/shared';
import { request as httpRequest } from 'node:http';
import { nowIso } from '../apps/server/src/db/database.js';
import { multipartBody, type MultipartBody } from '../apps/server/src/modules/files/multipart-test-body.js';
import { plainJpeg } from '../apps/server/src/modules/files/test-images.js';
import { findUserById } from '../apps/server/src/modules/users/users.repository.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD, uniqueLogin } from '../apps/server/src/test/fixtures.js';
import { buildWorld, CALLERS, type Caller, type World } from './helpers/world.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  /** What the row tries, shown in the test's name. */
  label: string;
  method: Method;
  /** The route as it is registered, in OpenAPI spelling (`/api/users/{id}`). */
  route: string;
  /** Built per call, so destructive calls (delete) get a fresh target. */
  url: (caller: Caller) => Promise<string> | string;
  body?: (caller: Caller) => Promise<unknown> | unknown;
  /** A multipart body (payload and content type) instead of JSON. */
  form?: () => Promise<MultipartBody> | MultipartBody;
  expect: Record<Caller, number>;
  /**
   * The call ends sessions: `this` (a logout: the caller sends a token minted for the call),
   * `others` (a password change: a throwaway caller of the same kind; the owner, of whom there is
   * one, adopts the token the answer hands back).
   */
  ends?: 'this' | 'others';
  /** Undoes what a successful call changed that later rows rely on (the owner's hand-over). */
  undo?: (caller: Caller) => Promise<void>;
  /** Answers bytes, not JSON (images, docs): the secret checks do not apply. */
  raw?: boolean;
  /** An event stream (GET /api/events): sent over a real connection and cut after the headers. */
  stream?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Hands out new passwords by design (roster import's login cards): only hashes and keys count as leaks. */
  newPasswords?: boolean;
}

/** Hash-like or password fields, wherever they might sit in a body. */
const CREDENTIAL_LEAK = /password_?hash|passwordHash|"password"\s*:|\$argon2|login_key|sessions_valid_after|revoked_tokens|"jti"/i;
/** The same without the plain "password" field, for answers that carry freshly made passwords on purpose. */
const STORED_CREDENTIAL_LEAK = /password_?hash|passwordHash|\$argon2|login_key|sessions_valid_after|revoked_tokens|"jti"|join_code/i;

/** The documentation's own pages and assets (hidden from the document, no data behind them). */
const DOCUMENTATION_ASSETS = ['GET /api/docs', 'GET /api/docs/static/index.html', 'GET /api/docs/static/swagger-initializer.js', 'GET /api/docs/yaml', 'GET /api/docs/static/*'];

const all = (status: number): Record<Caller, number> => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
/**
 * Signed-out callers get 401; `otherStudent` and `otherTeacher` default to what their role gets;
 * the owner to what a teacher outside groups A and B gets (`otherTeacher`).
 */
const signedIn = (student: number, teacher: number, other: { otherStudent?: number; otherTeacher?: number; owner?: number } = {}): Record<Caller, number> => ({
  anonymous: 401,
  pending: 401,
  deactivated: 401,
  student,
  otherStudent: other.otherStudent ?? student,
  teacher,
  otherTeacher: other.otherTeacher ?? teacher,
  owner: other.owner ?? other.otherTeacher ?? teacher,
});

/**
 * Every endpoint, tried as every kind of caller: the status, and that no answer carries what the
 * caller may not see (another group's tasks and image links, other students' answers, password
 * hashes). "deactivated" holds a token minted while active; the per-request account check must
 * shut it out. "pending" was never activated. The rules come from one place
 * (apps/server/src/modules/access/access.policy.ts); this table is what a client sees of them.
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
  /**
   * An event stream's answer: status, headers and its first bytes (or the whole error body),
   * over a real connection that is then cut (inject would wait for the end of a stream).
   */
  let listening: Promise<string> | undefined;
  const streamAnswer = async (url: string, headers: Record<string, string>) => {
    const base = await (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
    return new Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: string; json: <T>() => T }>((resolve, reject) => {
      const req = httpRequest(`${base}${url}`, { headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (res.statusCode === 200 && body.includes('event: ready')) req.destroy();
        });
        const done = () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
        res.on('end', done);
        res.on('close', done);
      });
      req.on('error', reject);
      req.end();
    });
  };
  const userOf = async (id: number) => (await findUserById(t.db, id))! as AuthenticatedUser;
  /** A caller's token for a call that ends sessions (see Row.ends). */
  const tokenFor = async (row: Row, caller: Caller): Promise<string | undefined> => {
    if (caller === 'anonymous' || !row.ends) return tokenOf(caller);
    const info = w.callers[caller];
    if (row.ends === 'this' || caller === 'owner') return t.app.issueToken(await userOf(info.id));
    const role = caller === 'teacher' || caller === 'otherTeacher' ? 'teacher' : 'student';
    const { user, token } = await createUser(t, { role, groupIds: [info.groupId], activated: caller !== 'pending' });
    if (caller === 'deactivated') await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', user.id).execute();
    return token;
  };
  const someStudent = async (groupId?: number) => (await createUser(t, groupId ? { groupIds: [groupId] } : {})).user.id;
  /** A fresh closed group (issue 50: its teachers are changed only by the owner or its own teachers). */
  const someClosedGroup = async () => {
    const id = (await createGroup(t)).id;
    await t.db.updateTable('groups').set({ closed: 1 }).where('id', '=', id).execute();
    return id;
  };
  const someTeacher = async (activated = true) => (await createUser(t, { role: 'teacher', groupIds: [w.groupA], activated })).user.id;
  const someTask = async (groupId = w.groupA, imageKey: string | null = null, deletedAt: string | null = null) =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 1, group_id: groupId, author_id: w.callers.teacher.id, image_key: imageKey, created_at: nowIso(), deleted_at: deletedAt })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const someSolution = async (groupId = w.groupA) =>
    (
      await t.db
        .insertInto('solutions')
        .values({ task_id: await someTask(groupId), author_id: w.callers.student.id, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** A saved comment (PRODUCT.md §15) of this account. */
  const someSnippet = async (ownerId: number) =>
    (
      await t.db
        .insertInto('feedback_snippets')
        .values({ teacher_id: ownerId, text: 'Check the sign: $-x$', uses: 0, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** A signed link to the image of a task (live, or deleted when `deleted`). */
  const someImageUrl = async (deleted = false) => {
    const key = await t.app.images.put(await plainJpeg(8, 8), 'jpg');
    await someTask(w.groupA, key, deleted ? nowIso() : null);
    return t.app.imageUrls.urlFor(key)!;
  };
  /** Group A's live join code (made afresh by its teacher: a rotation ends the last one). */
  const codeOfGroupA = async () =>
    (await t.app.inject({ method: 'POST', url: `/api/groups/${w.groupA}/join-code`, headers: bearer(tokenOf('teacher')!) })).json<{ code: string }>().code;
  /** The owner's hand-over goes to a fresh teacher, who hands it straight back. */
  let newOwnerToken: string | undefined;
  const handOverTarget = async () => {
    const { user, token } = await createUser(t, { role: 'teacher' });
    newOwnerToken = token;
    return `/api/users/${user.id}/owner`;
  };
  const handBack = async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${w.callers.owner.id}/owner`, headers: bearer(newOwnerToken!) });
    expect(res.statusCode).toBe(204);
  };

  const table = (): Row[] => [
    { label: 'GET /api/health', method: 'GET', route: '/api/health', url: () => '/api/health', expect: all(200) },
    { label: 'GET /api/ready', method: 'GET', route: '/api/ready', url: () => '/api/ready', expect: all(200) },
    // Off without METRICS_TOKEN (this app has none): 404 as an unknown path, whoever asks. With a
    // token, only that bearer token gets in (modules/metrics/metrics.test.ts).
    { label: 'GET /api/metrics (no METRICS_TOKEN: absent)', method: 'GET', route: '/api/metrics', url: () => '/api/metrics', expect: all(404) },
    { label: 'GET /api/docs/json', method: 'GET', route: '/api/docs/json', url: () => '/api/docs/json', expect: all(200), raw: true },
    { label: 'POST /api/auth/login (unknown login)', method: 'POST', route: '/api/auth/login', url: () => '/api/auth/login', body: () => ({ login: 'nobody', password: 'nothing-at-all' }), expect: all(401) },
    {
      // Each caller with their own login and password: inactive accounts cannot sign in.
      label: 'POST /api/auth/login (own credentials)',
      method: 'POST',
      route: '/api/auth/login',
      url: () => '/api/auth/login',
      body: (caller) => ({ login: w.callers[caller].login, password: TEST_PASSWORD }),
      expect: { ...all(200), anonymous: 401, pending: 403, deactivated: 403 },
    },
    { label: 'POST /api/auth/logout', method: 'POST', route: '/api/auth/logout', url: () => '/api/auth/logout', expect: signedIn(204, 204), ends: 'this' },
    {
      label: 'POST /api/users',
      method: 'POST',
      route: '/api/users',
      url: () => '/api/users',
      body: () => ({ login: uniqueLogin('signup'), password: 'long-enough-1', name: 'N', role: 'student', grade: 5, gradeLetter: 'В' }),
      expect: all(201),
    },
    { label: 'GET /api/users', method: 'GET', route: '/api/users', url: () => '/api/users', expect: signedIn(403, 200) },
    { label: 'GET /api/users/sign-in-warnings', method: 'GET', route: '/api/users/sign-in-warnings', url: () => '/api/users/sign-in-warnings', expect: signedIn(403, 200) },
    { label: 'GET /api/users/{id} (a teacher)', method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${w.callers.teacher.id}`, expect: signedIn(403, 200) },
    { label: 'GET /api/users/{id} (the student)', method: 'GET', route: '/api/users/{id}', url: () => `/api/users/${w.callers.student.id}`, expect: signedIn(200, 200, { otherStudent: 403 }) },
    { label: 'PUT /api/users/{id} (a student)', method: 'PUT', route: '/api/users/{id}', url: async () => `/api/users/${await someStudent()}`, body: () => ({ name: 'Renamed', activated: true }), expect: signedIn(403, 200) },
    {
      // Issue 50: a teacher manages the students of their own groups (and of none); the owner everyone.
      label: 'PUT /api/users/{id} (a student of group A)',
      method: 'PUT',
      route: '/api/users/{id}',
      url: async () => `/api/users/${await someStudent(w.groupA)}`,
      body: () => ({ name: 'Renamed', activated: true }),
      expect: signedIn(403, 200, { otherTeacher: 403, owner: 200 }),
    },
    {
      label: 'PUT /api/users/{id} (rename another teacher)',
      method: 'PUT',
      route: '/api/users/{id}',
      url: async () => `/api/users/${await someTeacher()}`,
      body: () => ({ name: 'Renamed' }),
      expect: signedIn(403, 403, { owner: 200 }),
    },
    {
      // A sign-up that calls itself a teacher: only the owner may let it in.
      label: 'PUT /api/users/{id} (activate a pending teacher)',
      method: 'PUT',
      route: '/api/users/{id}',
      url: async () => `/api/users/${await someTeacher(false)}`,
      body: () => ({ activated: true }),
      expect: signedIn(403, 403, { owner: 200 }),
    },
    {
      label: 'PUT /api/users/{id} (deactivate another teacher)',
      method: 'PUT',
      route: '/api/users/{id}',
      url: async () => `/api/users/${await someTeacher()}`,
      body: () => ({ activated: false }),
      expect: signedIn(403, 403, { owner: 200 }),
    },
    { label: 'PUT /api/users/{id} (deactivate the owner)', method: 'PUT', route: '/api/users/{id}', url: () => `/api/users/${w.callers.owner.id}`, body: () => ({ activated: false }), expect: signedIn(403, 403) },
    { label: 'PUT /api/users/{id} (rename the owner)', method: 'PUT', route: '/api/users/{id}', url: () => `/api/users/${w.callers.owner.id}`, body: () => ({ name: 'Renamed' }), expect: signedIn(403, 403) },
    {
      label: 'PUT /api/users/{id}/password (a student)',
      method: 'PUT',
      route: '/api/users/{id}/password',
      url: async () => `/api/users/${await someStudent()}/password`,
      body: () => ({ password: 'temporary-pass' }),
      expect: signedIn(403, 204),
    },
    {
      label: 'PUT /api/users/{id}/password (a student of group A)',
      method: 'PUT',
      route: '/api/users/{id}/password',
      url: async () => `/api/users/${await someStudent(w.groupA)}/password`,
      body: () => ({ password: 'temporary-pass' }),
      expect: signedIn(403, 204, { otherTeacher: 403, owner: 204 }),
    },
    {
      label: 'PUT /api/users/{id}/password (another teacher)',
      method: 'PUT',
      route: '/api/users/{id}/password',
      url: async () => `/api/users/${await someTeacher()}/password`,
      body: () => ({ password: 'temporary-pass' }),
      expect: signedIn(403, 403, { owner: 204 }),
    },
    { label: 'POST /api/users/{id}/owner', method: 'POST', route: '/api/users/{id}/owner', url: handOverTarget, expect: signedIn(403, 403, { owner: 204 }), undo: handBack },
    {
      label: 'PUT /api/users/me/password',
      method: 'PUT',
      route: '/api/users/me/password',
      url: () => '/api/users/me/password',
      body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
      expect: signedIn(200, 200),
      ends: 'others',
    },
    { label: 'GET /api/users/profile', method: 'GET', route: '/api/users/profile', url: () => '/api/users/profile', expect: signedIn(200, 200) },
    {
      label: 'PATCH /api/users/teachers/profile',
      method: 'PATCH',
      route: '/api/users/teachers/profile',
      url: () => '/api/users/teachers/profile',
      body: (caller) => ({ name: caller === 'owner' ? 'Owner' : 'Teacher', groups: [w.callers[caller].groupId || w.groupA] }),
      expect: signedIn(403, 200),
    },
    {
      // Issue 50: a closed group's teachers are changed only by the owner or its own teachers.
      label: 'PATCH /api/users/teachers/profile (join a closed group)',
      method: 'PATCH',
      route: '/api/users/teachers/profile',
      url: () => '/api/users/teachers/profile',
      body: async (caller) => ({ name: caller === 'owner' ? 'Owner' : 'Teacher', groups: [w.callers[caller].groupId || w.groupA, await someClosedGroup()] }),
      expect: signedIn(403, 400, { owner: 200 }),
    },
    {
      label: 'PATCH /api/users/students/profile',
      method: 'PATCH',
      route: '/api/users/students/profile',
      url: () => '/api/users/students/profile',
      body: (caller) => ({ groups: [w.callers[caller].groupId || w.groupA] }),
      expect: signedIn(200, 403),
    },
    { label: 'GET /api/groups', method: 'GET', route: '/api/groups', url: () => '/api/groups', expect: signedIn(200, 200) },
    { label: 'POST /api/groups', method: 'POST', route: '/api/groups', url: () => '/api/groups', body: () => ({ name: uniqueLogin('group') }), expect: signedIn(403, 201) },
    { label: 'PATCH /api/groups/{id}', method: 'PATCH', route: '/api/groups/{id}', url: async () => `/api/groups/${(await createGroup(t)).id}`, body: () => ({ name: uniqueLogin('renamed') }), expect: signedIn(403, 200) },
    { label: 'DELETE /api/groups/{id}', method: 'DELETE', route: '/api/groups/{id}', url: async () => `/api/groups/${(await createGroup(t)).id}`, expect: signedIn(403, 204) },
    // Bringing a class in (PRODUCT.md §13): a group's code and settings are its own teachers' alone.
    { label: 'GET /api/groups/{id}/settings (group A)', method: 'GET', route: '/api/groups/{id}/settings', url: () => `/api/groups/${w.groupA}/settings`, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    {
      label: 'PATCH /api/groups/{id}/settings (group A)',
      method: 'PATCH',
      route: '/api/groups/{id}/settings',
      url: () => `/api/groups/${w.groupA}/settings`,
      body: () => ({ leaderboardShortNames: false, closed: false }),
      expect: signedIn(403, 200, { otherTeacher: 403 }),
    },
    { label: 'POST /api/groups/{id}/join-code (group A)', method: 'POST', route: '/api/groups/{id}/join-code', url: () => `/api/groups/${w.groupA}/join-code`, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    {
      // Group A's live code: any student may use it (group B's student moves to A, then back).
      label: "POST /api/groups/join (group A's code)",
      method: 'POST',
      route: '/api/groups/join',
      url: () => '/api/groups/join',
      body: async () => ({ code: await codeOfGroupA() }),
      expect: signedIn(200, 403),
      undo: async (caller) => {
        if (caller !== 'otherStudent') return;
        const id = w.callers.otherStudent.id;
        await t.db.deleteFrom('user_groups').where('user_id', '=', id).execute();
        await t.db.insertInto('user_groups').values({ user_id: id, group_id: w.groupB }).execute();
      },
    },
    { label: 'POST /api/groups/join (a wrong code)', method: 'POST', route: '/api/groups/join', url: () => '/api/groups/join', body: () => ({ code: 'AAAAAAAA' }), expect: signedIn(400, 403) },
    {
      label: 'POST /api/users/import (group A)',
      method: 'POST',
      route: '/api/users/import',
      url: () => '/api/users/import',
      form: () => multipartBody({ group: w.groupA }, [{ field: 'file', data: Buffer.from(`name;grade;letter\n${uniqueLogin('Імпорт')} Учень;7;А\n`), filename: 'class.csv', contentType: 'text/csv' }]),
      expect: signedIn(403, 201, { otherTeacher: 403 }),
      newPasswords: true,
    },
    { label: 'GET /api/tasks', method: 'GET', route: '/api/tasks', url: () => '/api/tasks', expect: signedIn(403, 200) },
    { label: 'GET /api/tasks/mine', method: 'GET', route: '/api/tasks/mine', url: () => '/api/tasks/mine', expect: signedIn(200, 200) },
    {
      label: 'POST /api/tasks (group A)',
      method: 'POST',
      route: '/api/tasks',
      url: () => '/api/tasks',
      form: async () => multipartBody({ title: 'T', text: 'x', level: 'advanced', points: 2, group: w.groupA }, [{ field: 'taskImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(403, 201, { otherTeacher: 403 }),
    },
    {
      label: 'PATCH /api/tasks/{id} (group A: the answer key)',
      method: 'PATCH',
      route: '/api/tasks/{id}',
      url: async () => `/api/tasks/${await someTask()}`,
      body: () => ({ answerKind: 'number', answerKey: '1/2', checkMode: 'auto' }),
      expect: signedIn(403, 200, { otherTeacher: 403 }),
    },
    {
      label: 'PATCH /api/tasks/{id} (group A: title, points, window)',
      method: 'PATCH',
      route: '/api/tasks/{id}',
      url: async () => `/api/tasks/${await someTask()}`,
      body: () => ({ title: 'Renamed', points: 4, opensAt: null, closesAt: '2030-01-01T00:00:00Z' }),
      expect: signedIn(403, 200, { otherTeacher: 403 }),
    },
    {
      label: 'PATCH /api/tasks/{id} (group A: a new image, multipart)',
      method: 'PATCH',
      route: '/api/tasks/{id}',
      url: async () => `/api/tasks/${await someTask()}`,
      form: async () => multipartBody({ title: 'With a picture' }, [{ field: 'taskImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(403, 200, { otherTeacher: 403 }),
    },
    {
      label: 'POST /api/tasks/{id}/copy (group A to group A)',
      method: 'POST',
      route: '/api/tasks/{id}/copy',
      url: async () => `/api/tasks/${await someTask()}/copy`,
      body: () => ({ group: w.groupA }),
      expect: signedIn(403, 201, { otherTeacher: 403 }),
    },
    { label: 'GET /api/groups/{id}/gradebook (group A)', method: 'GET', route: '/api/groups/{id}/gradebook', url: () => `/api/groups/${w.groupA}/gradebook`, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    { label: 'GET /api/groups/{id}/gradebook (unknown group)', method: 'GET', route: '/api/groups/{id}/gradebook', url: () => '/api/groups/999999/gradebook', expect: signedIn(403, 404) },
    { label: 'GET /api/groups/{id}/gradebook.csv (group A)', method: 'GET', route: '/api/groups/{id}/gradebook.csv', url: () => `/api/groups/${w.groupA}/gradebook.csv`, raw: true, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    { label: 'GET /api/groups/{id}/gradebook.xlsx (group A)', method: 'GET', route: '/api/groups/{id}/gradebook.xlsx', url: () => `/api/groups/${w.groupA}/gradebook.xlsx`, raw: true, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    { label: 'GET /api/groups/{id}/gradebook/weeks (group A)', method: 'GET', route: '/api/groups/{id}/gradebook/weeks', url: () => `/api/groups/${w.groupA}/gradebook/weeks`, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    { label: 'GET /api/school', method: 'GET', route: '/api/school', url: () => '/api/school', expect: all(200) },
    { label: 'GET /api/school/checklist', method: 'GET', route: '/api/school/checklist', url: () => '/api/school/checklist', expect: signedIn(403, 403, { owner: 200 }) },
    { label: 'DELETE /api/tasks/{id} (group A)', method: 'DELETE', route: '/api/tasks/{id}', url: async () => `/api/tasks/${await someTask()}`, expect: signedIn(403, 204, { otherTeacher: 404 }) },
    { label: 'GET /api/solutions', method: 'GET', route: '/api/solutions', url: () => '/api/solutions', expect: signedIn(200, 200) },
    { label: 'GET /api/solutions?authorId=student', method: 'GET', route: '/api/solutions', url: () => `/api/solutions?authorId=${w.callers.student.id}`, expect: signedIn(200, 200) },
    { label: 'GET /api/solutions?authorId=classmate', method: 'GET', route: '/api/solutions', url: () => `/api/solutions?authorId=${w.classmateId}&reviewed=false`, expect: signedIn(200, 200) },
    { label: "GET /api/solutions?taskId=group B's task", method: 'GET', route: '/api/solutions', url: () => `/api/solutions?taskId=${w.taskB}`, expect: signedIn(200, 200) },
    {
      label: 'POST /api/solutions (group A task)',
      method: 'POST',
      route: '/api/solutions',
      url: () => '/api/solutions',
      form: async () => multipartBody({ taskId: await someTask(), answer: '42' }, [{ field: 'solutionImage', data: await plainJpeg(8, 8) }]),
      expect: signedIn(201, 403, { otherStudent: 404 }),
    },
    {
      label: 'PUT /api/solutions/{id} (group A)',
      method: 'PUT',
      route: '/api/solutions/{id}',
      url: async () => `/api/solutions/${await someSolution()}`,
      body: () => ({ correct: true, reviewed: true, feedback: 'Good' }),
      expect: signedIn(403, 200, { otherTeacher: 404 }),
    },
    {
      label: "PUT /api/solutions/{id} (group A, with a saved comment of the caller's)",
      method: 'PUT',
      route: '/api/solutions/{id}',
      url: async () => `/api/solutions/${await someSolution()}`,
      body: async (caller) => ({ correct: false, reviewed: true, snippetId: await someSnippet(w.callers[caller].id || w.callers.teacher.id) }),
      expect: signedIn(403, 200, { otherTeacher: 404 }),
    },
    {
      label: "PUT /api/solutions/{id} (group A, another teacher's saved comment)",
      method: 'PUT',
      route: '/api/solutions/{id}',
      url: async () => `/api/solutions/${await someSolution()}`,
      body: async () => ({ correct: false, reviewed: true, snippetId: await someSnippet(await someTeacher()) }),
      expect: signedIn(403, 404),
    },
    {
      label: 'POST /api/solutions/review (group A, two solutions)',
      method: 'POST',
      route: '/api/solutions/review',
      url: () => '/api/solutions/review',
      body: async () => ({ ids: [await someSolution(), await someSolution()], correct: false, feedback: 'Checked' }),
      expect: signedIn(403, 200, { otherTeacher: 404 }),
    },
    {
      label: "POST /api/solutions/review (group A's and group B's: all or nothing)",
      method: 'POST',
      route: '/api/solutions/review',
      url: () => '/api/solutions/review',
      body: async () => ({ ids: [await someSolution(), await someSolution(w.groupB)], correct: true }),
      expect: signedIn(403, 404, { otherTeacher: 404 }),
    },
    // Review at the speed of a class (PRODUCT.md §15): a task's answer groups and a teacher's own saved comments.
    { label: 'GET /api/tasks/{id}/answer-groups (group A)', method: 'GET', route: '/api/tasks/{id}/answer-groups', url: () => `/api/tasks/${w.taskA}/answer-groups`, expect: signedIn(403, 200, { otherTeacher: 403 }) },
    { label: 'GET /api/tasks/{id}/answer-groups (unknown task)', method: 'GET', route: '/api/tasks/{id}/answer-groups', url: () => '/api/tasks/999999/answer-groups', expect: signedIn(403, 404) },
    { label: 'GET /api/feedback-snippets', method: 'GET', route: '/api/feedback-snippets', url: () => '/api/feedback-snippets', expect: signedIn(403, 200) },
    {
      label: 'POST /api/feedback-snippets',
      method: 'POST',
      route: '/api/feedback-snippets',
      url: () => '/api/feedback-snippets',
      body: () => ({ text: 'Where did the minus go? $-(a-b) = b-a$' }),
      expect: signedIn(403, 201),
    },
    { label: 'POST /api/feedback-snippets (empty text)', method: 'POST', route: '/api/feedback-snippets', url: () => '/api/feedback-snippets', body: () => ({ text: ' ' }), expect: signedIn(403, 400) },
    {
      label: 'DELETE /api/feedback-snippets/{id} (own)',
      method: 'DELETE',
      route: '/api/feedback-snippets/{id}',
      url: async (caller) => `/api/feedback-snippets/${await someSnippet(w.callers[caller].id || w.callers.teacher.id)}`,
      expect: signedIn(403, 204),
    },
    {
      label: "DELETE /api/feedback-snippets/{id} (another teacher's)",
      method: 'DELETE',
      route: '/api/feedback-snippets/{id}',
      url: async () => `/api/feedback-snippets/${await someSnippet(await someTeacher())}`,
      expect: signedIn(403, 404),
    },
    {
      label: 'POST /api/answer-keys/check (a key and an answer to try)',
      method: 'POST',
      route: '/api/answer-keys/check',
      url: () => '/api/answer-keys/check',
      body: () => ({ answerKind: 'number', answerKey: '5/6', answer: '10/12' }),
      expect: signedIn(403, 200),
    },
    {
      label: 'GET /api/leaderboard (group A)',
      method: 'GET',
      route: '/api/leaderboard',
      url: () => `/api/leaderboard?groupId=${w.groupA}&period=week`,
      expect: signedIn(200, 200, { otherStudent: 403, otherTeacher: 403 }),
    },
    { label: 'GET /api/leaderboard (a group nobody belongs to)', method: 'GET', route: '/api/leaderboard', url: async () => `/api/leaderboard?groupId=${(await createGroup(t)).id}`, expect: signedIn(403, 403) },
    { label: 'GET /api/leaderboard (unknown group)', method: 'GET', route: '/api/leaderboard', url: () => '/api/leaderboard?groupId=999999', expect: signedIn(404, 404) },
    { label: 'GET /api/leaderboard (bad period)', method: 'GET', route: '/api/leaderboard', url: () => `/api/leaderboard?groupId=${w.groupA}&period=year`, expect: signedIn(400, 400) },
    // Live updates (PRODUCT.md §12): everyone signed in has their own stream and notifications.
    { label: 'GET /api/events', method: 'GET', route: '/api/events', url: () => '/api/events', expect: signedIn(200, 200), stream: true, raw: true },
    { label: 'GET /api/events (bad Last-Event-ID)', method: 'GET', route: '/api/events', url: () => '/api/events', headers: { 'last-event-id': '-1' }, expect: signedIn(400, 400), stream: true },
    { label: 'GET /api/notifications', method: 'GET', route: '/api/notifications', url: () => '/api/notifications', expect: signedIn(200, 200) },
    { label: 'POST /api/notifications/read', method: 'POST', route: '/api/notifications/read', url: () => '/api/notifications/read', body: () => ({ ids: [1, 2, 3] }), expect: signedIn(200, 200) },
    { label: 'POST /api/notifications/read (no ids)', method: 'POST', route: '/api/notifications/read', url: () => '/api/notifications/read', body: () => ({ ids: [] }), expect: signedIn(400, 400) },
    { label: 'GET /api/achievements', method: 'GET', route: '/api/achievements', url: () => '/api/achievements', expect: signedIn(200, 403) },
    { label: 'GET /api/files (signed link)', method: 'GET', route: '/api/files/{shard}/{name}', url: () => someImageUrl(), expect: all(200), raw: true },
    { label: "GET /api/files (a deleted task's image)", method: 'GET', route: '/api/files/{shard}/{name}', url: () => someImageUrl(true), expect: all(404) },
    { label: 'GET /api/files (forged signature)', method: 'GET', route: '/api/files/{shard}/{name}', url: async () => (await someImageUrl()).replace(/sig=[^&]+/, 'sig=forged'), expect: all(403) },
    { label: 'GET /api/files (expired link)', method: 'GET', route: '/api/files/{shard}/{name}', url: async () => (await someImageUrl()).replace(/exp=\d+/, 'exp=1000'), expect: all(403) },
  ];

  it('has a row for every route the server registers, and no row for a route it does not', async () => {
    const covered = new Set(table().map((row) => `${row.method} ${row.route}`));
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.path}`).filter((r) => !DOCUMENTATION_ASSETS.includes(r));
    expect(registered.length).toBeGreaterThan(25);
    expect(registered.filter((r) => !covered.has(r)), 'routes without a row in the access table').toEqual([]);
    expect([...covered].filter((r) => !registered.includes(r)), 'rows for routes that do not exist').toEqual([]);
    // The OpenAPI document shows the same routes (it is generated from the same registrations).
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const row of table()) {
    for (const caller of CALLERS) {
      it(`${row.label} as ${caller}`, async () => {
        const token = await tokenFor(row, caller);
        const body = row.body ? await row.body(caller) : undefined;
        const form = row.form ? await row.form() : undefined;
        const headers = { ...(token ? bearer(token) : {}), ...form?.headers, ...row.headers };
        const res = row.stream
          ? await streamAnswer(await row.url(caller), headers)
          : await t.app.inject({
              method: row.method,
              url: await row.url(caller),
              headers,
              ...(body !== undefined ? { payload: body as object } : {}),
              ...(form ? { payload: form.payload } : {}),
            });
        expect(res.statusCode, res.body).toBe(row.expect[caller]);
        if (res.statusCode < 300 && row.undo) await row.undo(caller);
        if (res.statusCode === 200 && row.ends === 'others' && caller === 'owner') w.callers.owner.token = res.json<{ access_token: string }>().access_token;
        if (res.statusCode >= 400) expect(apiErrorSchema.safeParse(res.json()).success, res.body).toBe(true);
        // Authenticated answers are never kept by a browser or proxy (PRODUCT.md §16).
        if (token && row.route !== '/api/files/{shard}/{name}') expect(res.headers['cache-control']).toBe('no-store');
        if (row.raw) return;
        if (res.statusCode !== 204) expect(res.headers['content-type'], 'user data is never served as HTML').toMatch(/^application\/json/);
        expect(res.body).not.toMatch(row.newPasswords ? STORED_CREDENTIAL_LEAK : CREDENTIAL_LEAK);
        for (const secret of w.secrets) {
          if (secret.visibleTo.includes(caller)) continue;
          for (const needle of secret.needles) expect(res.body, `${caller} must not see ${secret.label}`).not.toContain(needle);
        }
      });
    }
  }

  it('shows each caller what they may see (the secret checks are not vacuous)', async () => {
    const get = async (caller: Caller, url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(tokenOf(caller)!) })).body;
    expect(await get('student', '/api/tasks/mine')).toContain('SECRET-TASK-A-TEXT');
    expect(await get('otherStudent', '/api/tasks/mine')).toContain('SECRET-TASK-B-TEXT');
    expect(await get('student', '/api/solutions')).toContain('SECRET-ANSWER-OWN');
    const teacherView = await get('teacher', '/api/solutions');
    expect(teacherView).toContain('SECRET-ANSWER-OWN');
    expect(teacherView).toContain('SECRET-ANSWER-CLASSMATE');
    expect(await get('otherTeacher', '/api/solutions')).toContain('SECRET-ANSWER-GROUP-B');
    expect(await get('teacher', '/api/tasks')).toContain('SECRET-KEY-A');
    expect(await get('otherTeacher', '/api/tasks')).toContain('0.0031337');
    // The arena's list and a student's solutions never carry the key fields (PRODUCT.md §9).
    for (const caller of ['student', 'otherStudent'] as const) {
      for (const url of ['/api/tasks/mine', '/api/solutions']) {
        const body = await get(caller, url);
        expect(body.length).toBeGreaterThan(2);
        expect(body).not.toMatch(/"answerKey"|"tolerance"|SECRET-KEY-A|7777\/9999/);
      }
    }
  });
});
