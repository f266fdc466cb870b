import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@mathclub/shared';
import { plainJpeg, svgWithScript } from '../apps/server/src/modules/files/test-images.js';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createUser } from '../apps/server/src/test/fixtures.js';
import { nastyString, nastyValue, pathSegment, PROTO_KEYS, queryString, rawJsonObject, rawJsonText } from './helpers/nasty.js';
import { hostileRoster } from './helpers/hostile-roster.js';
import { seed, size, FULL } from './helpers/sizes.js';
import { buildWorld, filesUnder, type World } from './helpers/world.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Cases per JSON endpoint, per query/params endpoint and per multipart endpoint. */
const RUNS = { json: size(30, 450), query: size(30, 450), params: size(20, 300), multipart: size(60, 1000) };

/**
 * Property-based bad input on every endpoint: JSON bodies, query strings, path parameters and
 * multipart forms made of wrong types, huge and odd unicode strings, prototype keys, repeated
 * keys, broken encodings and mutilated multipart framing. Whatever arrives: never a 5xx; every
 * refusal in the error shape; a refused request changes no row and leaves no file.
 */
describe.each(testDatabases())('fuzzing every endpoint on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let cases = 0;
  let refused = 0;
  let jpeg: Buffer;
  const token = (who: 'student' | 'teacher') => w.callers[who].token!;
  let spareStudent = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    w = await buildWorld(t);
    jpeg = await plainJpeg(8, 8);
    spareStudent = (await createUser(t, { groupIds: [w.groupA] })).user.id;
  });
  afterAll(async () => {
    console.log(`[hardening] fuzz on ${dialect}: ${cases} cases, ${refused} refused with a clean 4xx, 0 server errors`);
    if (FULL) expect(cases).toBeGreaterThanOrEqual(10_000 / testDatabases().length);
    await t.close();
  });

  /** Everything a request could have changed: all rows of all tables, and the stored files. */
  const snapshot = async () =>
    JSON.stringify([
      await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('groups').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('user_groups').selectAll().orderBy('user_id').orderBy('group_id').execute(),
      await t.db.selectFrom('tasks').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('solutions').selectAll().orderBy('id').execute(),
      await t.db.selectFrom('feedback_snippets').selectAll().orderBy('id').execute(),
      await filesUnder(path.join(t.dataDir, 'images')),
    ]);

  const send = async (label: string, options: { method: Method; url: string; payload?: string | Buffer; headers?: Record<string, string> }) => {
    const before = await snapshot();
    let res: Res;
    try {
      res = await t.app.inject(options);
    } catch (err) {
      // inject refuses some URLs itself (invalid characters): that is the HTTP layer, not our server.
      if (err instanceof TypeError) return;
      throw err;
    }
    cases++;
    expect(res.statusCode, `${label}: ${res.body.slice(0, 400)}`).toBeLessThan(500);
    if (res.statusCode >= 400) {
      refused++;
      const parsed = apiErrorSchema.safeParse(JSON.parse(res.body));
      expect(parsed.success, `${label}: ${res.body.slice(0, 400)}`).toBe(true);
      expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|SqliteError|syntax error at/i);
      expect(await snapshot(), `${label} was refused (${res.statusCode}) but changed something`).toBe(before);
    }
  };

  it('answers URLs the router itself refuses (undecodable path, over-long parameter) in the API error shape', async () => {
    for (const url of ['/api/users/%', '/api/users/%E0%A4%A', `/api/users/${'9'.repeat(300)}`, `/api/files/${'a'.repeat(250)}/x.jpg`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...bearer(token('teacher')) } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String), validationErrors: { url: 'common.error.invalidValue' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body, 'the URL is not echoed back').not.toContain('aaaaaaaa');
    }
  });

  const jsonEndpoints = (): { method: Method; url: string; who?: 'student' | 'teacher'; keys: string[] }[] => [
    { method: 'POST', url: '/api/auth/login', keys: ['login', 'password'] },
    { method: 'POST', url: '/api/users', keys: ['login', 'password', 'name', 'role', 'grade', 'gradeLetter', 'activated', 'groups', 'joinCode'] },
    { method: 'POST', url: '/api/groups/join', who: 'student', keys: ['code'] },
    { method: 'PATCH', url: `/api/groups/${w.groupA}/settings`, who: 'teacher', keys: ['closed', 'activateOnJoin', 'leaderboardShortNames', 'joinCode', 'name'] },
    { method: 'PUT', url: `/api/users/${spareStudent}`, who: 'teacher', keys: ['name', 'activated', 'grade', 'gradeLetter', 'groups', 'role', 'login', 'password'] },
    { method: 'PUT', url: `/api/users/${spareStudent}/password`, who: 'teacher', keys: ['password'] },
    { method: 'PUT', url: '/api/users/me/password', who: 'student', keys: ['currentPassword', 'newPassword'] },
    { method: 'PATCH', url: '/api/users/teachers/profile', who: 'teacher', keys: ['name', 'groups'] },
    { method: 'PATCH', url: '/api/users/students/profile', who: 'student', keys: ['name', 'groups', 'grade', 'gradeLetter'] },
    { method: 'POST', url: '/api/groups', who: 'teacher', keys: ['name'] },
    { method: 'PATCH', url: `/api/groups/${w.groupA}`, who: 'teacher', keys: ['name'] },
    { method: 'PUT', url: `/api/solutions/${w.solutionOwn}`, who: 'teacher', keys: ['correct', 'reviewed', 'feedback', 'snippetId'] },
    {
      method: 'PATCH',
      url: `/api/tasks/${w.taskA}`,
      who: 'teacher',
      keys: ['title', 'text', 'level', 'points', 'group', 'opensAt', 'closesAt', 'removeImage', 'answerKind', 'answerKey', 'tolerance', 'checkMode'],
    },
    { method: 'POST', url: `/api/tasks/${w.taskA}/copy`, who: 'teacher', keys: ['group'] },
    { method: 'POST', url: '/api/solutions/review', who: 'teacher', keys: ['ids', 'correct', 'feedback', 'snippetId'] },
    { method: 'POST', url: '/api/feedback-snippets', who: 'teacher', keys: ['text'] },
    { method: 'POST', url: '/api/answer-keys/check', who: 'teacher', keys: ['answerKind', 'answerKey', 'tolerance', 'answer'] },
    { method: 'POST', url: '/api/notifications/read', who: 'student', keys: ['ids'] },
  ];

  it('JSON bodies: wrong types, odd unicode, huge strings, prototype and repeated keys, broken JSON', async () => {
    for (const ep of jsonEndpoints()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: rawJsonObject(ep.keys) }, { weight: 1, arbitrary: rawJsonText() }, { weight: 1, arbitrary: nastyValue().map((v) => JSON.stringify(v) ?? 'null') }), async (payload) => {
          await send(`${ep.method} ${ep.url} ${payload.slice(0, 200)}`, {
            method: ep.method,
            url: ep.url,
            payload,
            headers: { 'content-type': 'application/json', ...(ep.who ? bearer(token(ep.who)) : {}) },
          });
        }),
        { numRuns: RUNS.json, seed: seed(8001), endOnFailure: true },
      );
    }
  });

  it('Last-Event-ID: anything but a plain event id is a 400 before any stream opens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyString(), fc.string()).filter((v) => !/^\d{1,15}$/.test(v) && !/[\r\n\0]/.test(v) && v.trim() === v && v !== ''), async (value) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/events', headers: { ...bearer(token('student')), 'last-event-id': value } });
        expect(res.statusCode, value).toBe(400);
      }),
      { numRuns: Math.ceil(RUNS.query / 2), seed: seed(8010), endOnFailure: true },
    );
  });

  it('query strings: repeated, prototype and unknown keys, broken percent escapes', async () => {
    const endpoints = [
      { path: '/api/solutions', who: 'student' as const, keys: ['authorId', 'taskId', 'reviewed'] },
      { path: '/api/solutions', who: 'teacher' as const, keys: ['authorId', 'taskId', 'reviewed'] },
      { path: '/api/leaderboard', who: 'student' as const, keys: ['groupId', 'period'] },
      { path: '/api/users', who: 'teacher' as const, keys: ['role', 'activated', 'page'] },
      { path: '/api/users/sign-in-warnings', who: 'teacher' as const, keys: ['userId', 'since'] },
      { path: '/api/tasks/mine', who: 'student' as const, keys: ['groupId'] },
      { path: '/api/notifications', who: 'teacher' as const, keys: ['limit', 'unread', 'userId'] },
      { path: '/api/achievements', who: 'student' as const, keys: ['userId'] },
      { path: `/api/groups/${w.groupA}/gradebook`, who: 'teacher' as const, keys: ['sort', 'format'] },
      { path: '/api/school', who: undefined, keys: ['timeZone'] },
      { path: '/api/feedback-snippets', who: 'teacher' as const, keys: ['teacherId', 'limit', 'sort'] },
      { path: `/api/tasks/${w.taskA}/answer-groups`, who: 'teacher' as const, keys: ['reviewed', 'limit', 'kind'] },
      { path: '/api/files/ab/00000000000000000000000000000000.jpg', who: undefined, keys: ['exp', 'sig'] },
    ];
    for (const ep of endpoints) {
      await fc.assert(
        fc.asyncProperty(queryString(ep.keys), async (query) => {
          await send(`GET ${ep.path}?${query}`, { method: 'GET', url: `${ep.path}?${query}`, headers: ep.who ? bearer(token(ep.who)) : {} });
        }),
        { numRuns: Math.ceil(RUNS.query / 2), seed: seed(8002), endOnFailure: true },
      );
    }
    // A student asking for other students' work gets only their own, whatever the query says.
    const res = await t.app.inject({ method: 'GET', url: `/api/solutions?authorId=${w.classmateId}&authorId=${w.callers.student.id}&__proto__[authorId]=1`, headers: bearer(token('student')) });
    expect(res.body).not.toContain('SECRET-ANSWER-CLASSMATE');
  });

  it('GET /api/metrics: any Authorization header, with metrics off and on: 404 or 401, 200 only for the token', async () => {
    const token = 'fuzz-metrics-token-0123456789';
    const on = await buildTestApp(dialect, { metricsToken: token, rateLimitPerIp: 1_000_000 });
    try {
      const header = fc.oneof(
        nastyString(),
        nastyString().map((v) => `Bearer ${v}`),
        fc.constantFrom(`Bearer ${token} `, `Bearer  ${token}`, `bearer ${token}`, `Bearer ${token}\t`, `Basic ${token}`, token, `Bearer ${token.toUpperCase()}`),
      );
      await fc.assert(
        fc.asyncProperty(header, async (authorization) => {
          for (const app of [t.app, on.app]) {
            let res;
            try {
              res = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });
            } catch (err) {
              if (err instanceof TypeError) return; // a header value inject itself refuses
              throw err;
            }
            cases++;
            const right = app === on.app && /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1] === token;
            expect(res.statusCode, `${authorization.slice(0, 100)} → ${res.body.slice(0, 200)}`).toBe(app === t.app ? 404 : right ? 200 : 401);
            if (res.statusCode !== 200) {
              refused++;
              expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
              expect(res.body).not.toContain('mathclub_');
            }
          }
        }),
        { numRuns: RUNS.query, seed: seed(8020), endOnFailure: true },
      );
    } finally {
      await on.close();
    }
  });

  it('path parameters: anything but a plain id, on every route that takes one', async () => {
    const routes: { method: Method; template: (p: string) => string; who?: 'student' | 'teacher'; body?: string }[] = [
      { method: 'GET', template: (p) => `/api/users/${p}`, who: 'teacher' },
      { method: 'PUT', template: (p) => `/api/users/${p}`, who: 'teacher', body: '{"name":"x"}' },
      { method: 'PUT', template: (p) => `/api/users/${p}/password`, who: 'teacher', body: '{"password":"long-enough-1"}' },
      { method: 'PATCH', template: (p) => `/api/groups/${p}`, who: 'teacher', body: '{"name":"x"}' },
      { method: 'DELETE', template: (p) => `/api/groups/${p}`, who: 'teacher' },
      { method: 'GET', template: (p) => `/api/groups/${p}/settings`, who: 'teacher' },
      { method: 'PATCH', template: (p) => `/api/groups/${p}/settings`, who: 'teacher', body: '{"closed":false}' },
      { method: 'POST', template: (p) => `/api/groups/${p}/join-code`, who: 'teacher' },
      { method: 'DELETE', template: (p) => `/api/tasks/${p}`, who: 'teacher' },
      { method: 'PATCH', template: (p) => `/api/tasks/${p}`, who: 'teacher', body: '{"checkMode":"manual"}' },
      { method: 'POST', template: (p) => `/api/tasks/${p}/copy`, who: 'teacher', body: '{"group":1}' },
      { method: 'GET', template: (p) => `/api/groups/${p}/gradebook`, who: 'teacher' },
      { method: 'GET', template: (p) => `/api/groups/${p}/gradebook.csv`, who: 'teacher' },
      { method: 'GET', template: (p) => `/api/groups/${p}/gradebook/weeks`, who: 'teacher' },
      { method: 'PUT', template: (p) => `/api/solutions/${p}`, who: 'teacher', body: '{"correct":true,"reviewed":true}' },
      { method: 'GET', template: (p) => `/api/tasks/${p}/answer-groups`, who: 'teacher' },
      { method: 'DELETE', template: (p) => `/api/feedback-snippets/${p}`, who: 'teacher' },
      { method: 'GET', template: (p) => `/api/files/${p}/${p}.jpg?exp=1&sig=x` },
    ];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathSegment(), async (segment) => {
          const url = route.template(segment);
          await send(`${route.method} ${url.slice(0, 200)}`, {
            method: route.method,
            url,
            ...(route.body ? { payload: route.body } : {}),
            headers: { ...(route.body ? { 'content-type': 'application/json' } : {}), ...(route.who ? bearer(token(route.who)) : {}) },
          });
        }),
        { numRuns: RUNS.params, seed: seed(8003), endOnFailure: true },
      );
    }
  });

  /** One part of a hand-written multipart body. */
  interface Part {
    name: string;
    filename?: string;
    contentType?: string;
    data: Buffer;
  }
  const MUTATIONS = ['none', 'none', 'none', 'noBoundaryParam', 'wrongBoundary', 'truncated', 'noClosing', 'noHeaderBreak', 'lf-only', 'emptyBody'] as const;

  const encodeMultipart = (parts: Part[], mutation: (typeof MUTATIONS)[number], cut: number) => {
    const boundary = '----fuzz7MA4YWxkTrZu0gW';
    const chunks: Buffer[] = [];
    const eol = mutation === 'lf-only' ? '\n' : '\r\n';
    for (const part of parts) {
      const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
      const type = part.contentType !== undefined ? `${eol}Content-Type: ${part.contentType}` : '';
      chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${type}${mutation === 'noHeaderBreak' ? eol : eol + eol}`), part.data, Buffer.from(eol));
    }
    if (mutation !== 'noClosing') chunks.push(Buffer.from(`--${boundary}--${eol}`));
    let payload = Buffer.concat(chunks);
    if (mutation === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
    if (mutation === 'emptyBody') payload = Buffer.alloc(0);
    const contentType =
      mutation === 'noBoundaryParam' ? 'multipart/form-data' : mutation === 'wrongBoundary' ? 'multipart/form-data; boundary=somethingElse' : `multipart/form-data; boundary=${boundary}`;
    return { payload, contentType };
  };

  const multipartCase = (fieldNames: string[], fileField: string, realValues: Record<string, fc.Arbitrary<string>>, ownFiles?: fc.Arbitrary<Buffer>) => {
    const textPart = fc
      .tuple(
        fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, fileField, 'a"b', 'x\r\nContent-Type: text/html') }, { weight: 1, arbitrary: nastyString().map((s) => s.slice(0, 50)) }),
        fc.boolean(),
        nastyString(),
      )
      .chain(([name, real, nasty]) => (real && Object.hasOwn(realValues, name) ? realValues[name]!.map((v) => ({ name, v })) : fc.constant({ name, v: nasty })))
      .map(({ name, v }): Part => ({ name, data: Buffer.from(v, 'utf8') }));
    const filePart = fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constant(fileField) }, { weight: 1, arbitrary: fc.constantFrom('other', ...PROTO_KEYS, fieldNames[0]!) }),
        fc.constantFrom('photo.jpg', 'x.svg', '../../evil.jpg', '', 'a"b.png', '\u202Egpj.exe'),
        fc.constantFrom('image/jpeg', 'image/svg+xml', 'text/html', 'application/pdf', ''),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(jpeg) },
          { weight: 1, arbitrary: fc.constant(svgWithScript) },
          { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
          { weight: 2, arbitrary: fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: jpeg.length - 1 }).map((n) => jpeg.subarray(0, n)) },
          ...(ownFiles ? [{ weight: 8, arbitrary: ownFiles }] : []),
        ),
      )
      .map(([name, filename, contentType, data]): Part => ({ name, filename, contentType, data }));
    return fc.tuple(fc.array(textPart, { maxLength: 8 }), fc.array(filePart, { maxLength: 2 }), fc.constantFrom(...MUTATIONS), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean());
  };

  it('multipart forms on POST /api/users/import, POST /api/tasks and POST /api/solutions: odd fields, files and framing', async () => {
    const forms: { method?: 'PATCH'; url: string; who: 'student' | 'teacher'; fileField: string; fields: string[]; real: Record<string, fc.Arbitrary<string>>; files?: fc.Arbitrary<Buffer> }[] = [
      {
        // Roster import (PRODUCT.md §13): hostile class lists — formulas, huge lines, binary, broken quotes.
        url: '/api/users/import',
        who: 'teacher',
        fileField: 'file',
        fields: ['group'],
        real: { group: fc.constant(String(w.groupA)) },
        files: hostileRoster(),
      },
      {
        url: '/api/tasks',
        who: 'teacher',
        fileField: 'taskImage',
        fields: ['title', 'text', 'level', 'points', 'group', 'answerKind', 'answerKey', 'tolerance', 'checkMode'],
        real: {
          title: fc.constantFrom('Fractions', 'T'),
          text: fc.constantFrom('$x^2$', ''),
          level: fc.constantFrom('beginner', 'advanced', 'olympiad'),
          points: fc.constantFrom('1', '5', '3'),
          group: fc.constant(String(w.groupA)),
          answerKind: fc.constantFrom('none', 'number', 'expression', 'set', 'text'),
          answerKey: fc.constantFrom('5/6', 'x^2-1', 'x=2, x=3', 'Київ', '', '10^10^10^10'),
          tolerance: fc.constantFrom('0', '0.01', '', '-1'),
          checkMode: fc.constantFrom('manual', 'suggest', 'auto'),
        },
      },
      {
        // A task edit with a new image (PRODUCT.md §10): the same fields as text, read before validation.
        method: 'PATCH',
        url: `/api/tasks/${w.taskA}`,
        who: 'teacher',
        fileField: 'taskImage',
        fields: ['title', 'text', 'points', 'group', 'opensAt', 'closesAt', 'removeImage'],
        real: {
          title: fc.constantFrom('Fractions', ''),
          text: fc.constantFrom('$x^2$', ''),
          points: fc.constantFrom('1', '5', '9', 'x'),
          group: fc.constant(String(w.groupA)),
          opensAt: fc.constantFrom('', '2030-01-01T00:00:00Z', 'tomorrow'),
          closesAt: fc.constantFrom('', '2031-01-01T00:00:00+02:00', '2020-01-01T00:00:00Z'),
          removeImage: fc.constantFrom('true', 'false', 'yes'),
        },
      },
      {
        url: '/api/solutions',
        who: 'student',
        fileField: 'solutionImage',
        fields: ['taskId', 'answer'],
        real: { taskId: fc.constant(String(w.taskA)), answer: fc.constantFrom('42', '$x=1$', '') },
      },
    ];
    for (const form of forms) {
      await fc.assert(
        fc.asyncProperty(multipartCase(form.fields, form.fileField, form.real, form.files), async ([texts, files, mutation, cut, filesFirst]) => {
          const parts = filesFirst ? [...files, ...texts] : [...texts, ...files];
          const { payload, contentType } = encodeMultipart(parts, mutation, cut);
          await send(`${form.method ?? 'POST'} ${form.url} ${mutation} ${parts.map((p) => `${p.name}=${p.data.subarray(0, 40).toString()}`).join(' ')}`, {
            method: form.method ?? 'POST',
            url: form.url,
            payload,
            headers: { 'content-type': contentType, ...bearer(token(form.who)) },
          });
          // Accepted answers close the task for the student until reviewed; reopen it so later cases reach the insert.
          await t.db.updateTable('solutions').set({ reviewed: 1, correct: 0 }).where('author_id', '=', w.callers.student.id).execute();
        }),
        { numRuns: RUNS.multipart, seed: seed(8004), endOnFailure: true },
      );
    }
  });
});
