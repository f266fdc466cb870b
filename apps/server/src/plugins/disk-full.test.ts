import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullStoreOf } from '../lib/disk-full.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { multipartBody } from '../modules/files/multipart-test-body.js';
import { plainJpeg } from '../modules/files/test-images.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one Prometheus sample with these labels (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = `${name}{${Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')}} `;
  const line = text.split('\n').find((l) => l.startsWith(wanted));
  return line === undefined ? undefined : Number(line.slice(wanted.length));
}

describe('fullStoreOf', () => {
  it('knows a full disk from SQLite, PostgreSQL and the file system, and nothing else', () => {
    expect(fullStoreOf(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe('database');
    expect(fullStoreOf(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe('database');
    expect(fullStoreOf(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toBe('files');
    expect(fullStoreOf(Object.assign(new Error('quota exceeded'), { code: 'EDQUOT' }))).toBe('files');
    for (const other of [null, undefined, 'ENOSPC', new Error('x'), { code: 'SQLITE_BUSY' }, { code: 53100 }]) expect(fullStoreOf(other)).toBeNull();
  });
});

/**
 * Issue 54: a full disk answered every write `500 INTERNAL` ("Something went wrong on our side"),
 * logged "unhandled error", and `/api/ready` stayed green. Now it is a 503 DISK_FULL with a clear
 * message in the caller's language, `/api/ready` reports it, and the metrics count it. SQLite's
 * `max_page_count` makes the database's file unable to grow, as a full disk does.
 */
describe('a full disk', () => {
  let t: TestApp;
  let student: Awaited<ReturnType<typeof createUser>>;
  let taskIds: number[];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { metricsToken: TOKEN });
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    student = await createUser(t, { groupIds: [group.id] });
    taskIds = [];
    for (let i = 0; i < 40; i++) taskIds.push(await createTaskRow(t, group.id, teacher.user.id, `Full ${i}`));
  });
  afterAll(async () => {
    await sql`pragma max_page_count = 1073741823`.execute(t.db);
    await t.close();
  });

  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) })).body;
  const answer = (taskId: number, language: string, image?: Buffer) => {
    const form = multipartBody({ taskId, answer: 'x'.repeat(3000) }, image ? [{ field: 'solutionImage', filename: 'work.jpg', contentType: 'image/jpeg', data: image }] : []);
    return t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...form.headers, 'accept-language': language }, payload: form.payload });
  };

  it('answers an image that cannot be written 503 DISK_FULL, in Ukrainian too, and counts it', async () => {
    const put = t.app.images.put.bind(t.app.images);
    t.app.images.put = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    };
    try {
      const res = await answer(taskIds[0]!, 'uk', await plainJpeg(200, 100));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({ statusCode: 503, code: 'DISK_FULL', message: expect.stringMatching(/^Диск сервера заповнений/) });
    } finally {
      t.app.images.put = put;
    }
    expect(sample(await metrics(), 'mathclub_disk_full_total', { store: 'files' })).toBe(1);
  });

  it('answers writes to a database that cannot grow 503 DISK_FULL, and /api/ready reports it', async () => {
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(t.db)).rows[0]!.page_count);
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db);
    let res;
    for (const taskId of taskIds.slice(1)) {
      res = await answer(taskId, 'en');
      if (res.statusCode !== 201) break;
    }
    expect(res!.statusCode, res!.body).toBe(503);
    expect(res!.json()).toEqual({
      statusCode: 503,
      code: 'DISK_FULL',
      message: "The server's disk is full, so nothing can be saved right now and this was not stored. Please tell the school's administrator and try again later",
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'DISK_FULL' });
    expect(sample(await metrics(), 'mathclub_disk_full_total', { store: 'database' })).toBeGreaterThanOrEqual(1);
    // Reads still work: only what needs room is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/solutions', headers: bearer(student.token) })).statusCode).toBe(200);
  });
});
