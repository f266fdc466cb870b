import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../test/fixtures.js';
import { multipartBody } from '../modules/files/multipart-test-body.js';

/** API answers of 1 KB or more go compressed to clients that accept it (@fastify/compress). */
describe.each(testDatabases())('compressed answers on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let student: Awaited<ReturnType<typeof createUser>>;

  const addTask = async (title: string) => {
    const body = multipartBody({ title, text: `Prove that $n^2 + n$ is even for every whole $n$; show each step. (${title})`, level: 'beginner', points: '2', group: group.id });
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
  };
  const get = (url: string, token: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    student = await createUser(t, { groupIds: [group.id] });
    for (let i = 1; i <= 12; i++) await addTask(`Task ${i}`);
  });
  afterAll(async () => t.close());

  it('sends the plain JSON to a client that asks for no compression', async () => {
    const res = await get('/api/tasks/mine', student.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(12);
  });

  it('sends brotli to a browser, decoding to exactly the plain bytes and much smaller', async () => {
    const plain = await get('/api/tasks/mine', student.token);
    const br = await get('/api/tasks/mine', student.token, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    // A cache in between (none should keep an API answer: no-store) would know it varies.
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sends gzip when brotli is refused, and the plain bytes when nothing we have is acceptable', async () => {
    const plain = await get('/api/tasks', teacher.token);
    const gz = await get('/api/tasks', teacher.token, 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const identity = await get('/api/tasks', teacher.token, 'identity, deflate');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('never serves a compressed answer older than the data', async () => {
    const before = JSON.parse(brotliDecompressSync((await get('/api/tasks/mine', student.token, 'br')).rawPayload).toString('utf8')) as unknown[];
    await addTask('Fresh task');
    const after = JSON.parse(brotliDecompressSync((await get('/api/tasks/mine', student.token, 'br')).rawPayload).toString('utf8')) as { title: string }[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((task) => task.title)).toContain('Fresh task');
  });

  it("compresses the teachers' list of every user, and shows a sign-up at once", async () => {
    for (let i = 0; i < 6; i++) await createUser(t);
    const before = await get('/api/users', teacher.token, 'br');
    expect(before.headers['content-encoding']).toBe('br');
    const users = JSON.parse(brotliDecompressSync(before.rawPayload).toString('utf8')) as { login: string }[];
    const newcomer = await createUser(t, { activated: false });
    const after = JSON.parse(brotliDecompressSync((await get('/api/users', teacher.token, 'br')).rawPayload).toString('utf8')) as { login: string }[];
    expect(after).toHaveLength(users.length + 1);
    expect(after.map((u) => u.login)).toContain(newcomer.user.login);
    expect((await get('/api/users', student.token, 'br')).statusCode).toBe(403);
  });

  it('compresses the review list and leaves a small leaderboard as it is', async () => {
    const mine = (await get('/api/tasks/mine', student.token)).json() as { id: number }[];
    for (const task of mine.slice(0, 10)) {
      const body = multipartBody({ taskId: String(task.id), answer: `Because n(n + 1) is a product of two consecutive whole numbers, one of them is even. (${task.id})` });
      const res = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const review = await get('/api/solutions?reviewed=false', teacher.token, 'br');
    expect(review.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(review.rawPayload).toString('utf8'))).toHaveLength(10);
    const board = await get(`/api/leaderboard?groupId=${group.id}&period=all`, student.token, 'br');
    expect(board.statusCode).toBe(200);
    expect(board.rawPayload.length).toBeLessThan(1024);
    expect(board.headers['content-encoding']).toBeUndefined();
    expect(board.json()).toHaveLength(1);
  });
});
