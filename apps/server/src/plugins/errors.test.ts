import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../test/fixtures.js';

type Method = 'POST' | 'PUT' | 'PATCH';

/**
 * Bad input of every shape must answer a clean 4xx in the API error format, never a 5xx, and
 * must leave the database as it was.
 */
describe.each(testDatabases())('malformed requests on %s', (dialect) => {
  let t: TestApp;
  let teacherToken = '';
  let studentToken = '';
  let studentId = 0;
  let groupId = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const group = await createGroup(t);
    groupId = group.id;
    teacherToken = (await createUser(t, { role: 'teacher', groupIds: [group.id] })).token;
    const student = await createUser(t, { groupIds: [group.id] });
    studentToken = student.token;
    studentId = student.user.id;
  });
  afterAll(async () => t.close());

  /** `emptyIsValid`: every field is optional there, so `{}` is a (no-op) valid request. */
  const endpoints = (): { method: Method; url: string; token?: string; emptyIsValid?: boolean }[] => [
    { method: 'POST', url: '/api/auth/login' },
    { method: 'POST', url: '/api/users' },
    { method: 'PUT', url: `/api/users/${studentId}`, token: teacherToken, emptyIsValid: true },
    { method: 'PUT', url: `/api/users/${studentId}/password`, token: teacherToken },
    { method: 'PUT', url: '/api/users/me/password', token: studentToken },
    { method: 'PATCH', url: '/api/users/teachers/profile', token: teacherToken },
    { method: 'PATCH', url: '/api/users/students/profile', token: studentToken },
    { method: 'POST', url: '/api/groups', token: teacherToken },
    { method: 'PATCH', url: `/api/groups/${groupId}`, token: teacherToken },
  ];

  /** A fingerprint of everything a request could have changed. */
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.db.selectFrom('users').selectAll().orderBy('id').execute(),
        t.db.selectFrom('groups').selectAll().orderBy('id').execute(),
        t.db.selectFrom('user_groups').selectAll().orderBy('user_id').orderBy('group_id').execute(),
      ]),
    );

  const expectCleanRejection = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, label: string) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
    const parsed = apiErrorSchema.safeParse(JSON.parse(res.body));
    expect(parsed.success, `${label}: ${res.body}`).toBe(true);
    expect(res.body).not.toMatch(/stack|at \/|node_modules|SqliteError|sql/i);
  };

  const rawBodies: [string, string][] = [
    ['invalid JSON', '{"login": '],
    ['trailing garbage', '{"login":"a"} x'],
    ['null', 'null'],
    ['array', '[{"login":"a","password":"b"}]'],
    ['string', '"hello"'],
    ['number', '42'],
    ['boolean', 'true'],
    ['empty object', '{}'],
    ['__proto__ key', '{"__proto__":{"role":"admin","activated":true},"login":"p","password":"q"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"activated":true}}}'],
    ['wrong types', '{"login":123,"password":["x"],"name":{},"role":true,"grade":"seven","gradeLetter":5,"groups":"all","activated":"yes","currentPassword":1,"newPassword":null}'],
    ['nulls', '{"login":null,"password":null,"name":null,"role":null,"grade":null,"groups":null,"activated":null}'],
    ['huge numbers', '{"grade":1e308,"groups":[1e308, -1, 0, 1.5]}'],
    ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
    ['control characters', '{"login":"a\\u0000b","name":"x\\u0007y","password":"p\\u0000"}'],
    ['long strings', JSON.stringify({ login: 'l'.repeat(100_000), name: 'n'.repeat(100_000), password: 'p'.repeat(100_000) })],
  ];

  it('rejects every malformed JSON body on every endpoint with a clean 4xx and stores nothing', async () => {
    const before = await snapshot();
    for (const ep of endpoints()) {
      for (const [label, payload] of rawBodies) {
        if (ep.emptyIsValid && label === 'empty object') continue;
        const res = await t.app.inject({
          method: ep.method,
          url: ep.url,
          payload,
          headers: { 'content-type': 'application/json', ...(ep.token ? bearer(ep.token) : {}) },
        });
        expectCleanRejection(res, `${ep.method} ${ep.url} ${label}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 413 for bodies over the limit, 415 for other content types, 400 for an empty JSON body', async () => {
    const before = await snapshot();
    for (const ep of endpoints()) {
      const headers = ep.token ? bearer(ep.token) : {};
      const big = await t.app.inject({
        method: ep.method,
        url: ep.url,
        payload: JSON.stringify({ login: 'x'.repeat(1_100_000) }),
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expectCleanRejection(big, 'too large');
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');

      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({ method: ep.method, url: ep.url, payload: 'login=a&password=b', headers: { ...headers, 'content-type': type } });
        expectCleanRejection(res, `${ep.url} ${type}`);
        expect(res.statusCode).toBe(415);
        expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }

      const empty = await t.app.inject({ method: ep.method, url: ep.url, payload: '', headers: { ...headers, 'content-type': 'application/json' } });
      expectCleanRejection(empty, 'empty');
      const none = await t.app.inject({ method: ep.method, url: ep.url, headers });
      expectCleanRejection(none, 'no body');
    }
    expect(await snapshot()).toBe(before);
  });

  it('never answers 5xx to random JSON on any endpoint', async () => {
    for (const ep of endpoints()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('login', 'password', 'name', 'role', 'grade', 'gradeLetter', 'groups', 'activated', 'currentPassword', 'newPassword', '__proto__'), fc.jsonValue())), async (value) => {
          const res = await t.app.inject({
            method: ep.method,
            url: ep.url,
            payload: JSON.stringify(value),
            headers: { 'content-type': 'application/json', ...(ep.token ? bearer(ep.token) : {}) },
          });
          // A random value may by chance be a valid request; what matters is never a 5xx.
          expect(res.statusCode, res.body).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('rejects bad path parameters and unknown routes with clean 4xx', async () => {
    const urls = ['/api/users/abc', '/api/users/-1', '/api/users/0', '/api/users/1.5', '/api/users/1e3', '/api/users/99999999999999999999', '/api/users/%00', '/api/groups/x'];
    for (const url of urls) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(teacherToken), payload: { name: 'x' } });
        expectCleanRejection(res, `${method} ${url}`);
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'en' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'There is no such API endpoint' });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/users', headers: bearer(teacherToken) });
    expectCleanRejection(wrongMethod, 'DELETE /api/users');
  });

  it('localises messages by Accept-Language with Ukrainian as the fallback', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'Неправильний логін або пароль'],
      ['en', 'Wrong login or password'],
      ['en-GB,en;q=0.8', 'Wrong login or password'],
      ['uk-UA', 'Неправильний логін або пароль'],
      ['de-DE,fr;q=0.9', 'Неправильний логін або пароль'],
      ['uk;q=0.4, en;q=0.9', 'Wrong login or password'],
      ['garbage;;;q=abc', 'Неправильний логін або пароль'],
    ];
    for (const [language, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'nobody', password: 'nothing-here' },
        headers: language ? { 'accept-language': language } : {},
      });
      expect(res.json().message, language).toBe(message);
    }
  });

  it('uses the schema keys for wrong types and a generic key where the schema has none', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${studentId}`,
      headers: bearer(teacherToken),
      payload: { activated: 'yes', grade: 'seven', groups: 'all' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual({
      activated: 'common.error.invalidValue',
      grade: 'auth.error.gradeRequired',
      groups: 'common.error.invalidValue',
    });
    const nested = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/teachers/profile',
      headers: bearer(teacherToken),
      payload: { name: 'A', groups: [1, 'x'] },
    });
    expect(Object.keys(nested.json().validationErrors)).toEqual(['groups.1']);
  });
});
