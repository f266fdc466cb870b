import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { uploadsInFlight } from './multipart.js';
import { multipartBody, type MultipartBody } from './multipart-test-body.js';

/** A noisy 540 × 540 JPEG: about 150 KB, like a phone photo scaled down. */
const photo150k = () => sharp({ create: { width: 540, height: 540, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();

/** A listening app (real sockets, real timeouts) with a group, a task in it and two of its students. */
async function uploadScene(dialect: TestApp['dialect'], overrides: Partial<Config>) {
  const t = await buildTestApp(dialect, overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const group = await createGroup(t);
  const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
  const form = multipartBody({ title: 'Photo task', text: 'Show your working', level: 'beginner', points: 1, group: group.id });
  const task = await t.app.inject({ method: 'POST', url: '/api/tasks', payload: form.payload, headers: { ...form.headers, ...bearer(teacher.token) } });
  expect(task.statusCode, task.body).toBe(201);
  const taskId = task.json<{ id: number }>().id;
  const mischief = await createUser(t, { groupIds: [group.id] });
  const honest = await createUser(t, { groupIds: [group.id] });
  return { t, port, taskId, mischief, honest };
}

/** Sends a whole form over HTTP; resolves with the status and how long the answer took. */
function post(port: number, token: string, body: MultipartBody, chunkDelayMs = 0, chunkBytes = 16 * 1024): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/api/solutions', headers: { ...body.headers, ...bearer(token), 'content-length': String(body.payload.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
      },
    );
    req.on('error', reject);
    if (chunkDelayMs === 0) return req.end(body.payload);
    // A slow line: the body arrives a piece at a time, never silent for long.
    let offset = 0;
    const next = () => {
      req.write(body.payload.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
      if (offset < body.payload.length) setTimeout(next, chunkDelayMs);
      else req.end();
    };
    next();
  });
}

/** Starts an upload that announces 1 MB, sends its first bytes and then nothing. */
function stalledUpload(port: number, token: string, taskId: number): Promise<Socket> {
  const body = multipartBody({ taskId, answer: '' }, [{ field: 'solutionImage', data: Buffer.alloc(1_000_000, 1) }]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const head = [`POST /api/solutions HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${token}`, `Content-Type: ${body.headers['content-type']}`, `Content-Length: ${body.payload.length}`];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      socket.write(body.payload.subarray(0, 120));
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe.each(testDatabases())('uploads one account cannot hog, on %s', (dialect) => {
  describe('with the shipped 30 s idle timeout', () => {
    let scene: Awaited<ReturnType<typeof uploadScene>>;
    beforeAll(async () => {
      scene = await uploadScene(dialect, { requestIdleTimeoutMs: 30_000 });
    });
    afterAll(async () => scene.t.close());

    it("8 stalled uploads by one student: another student's 150 KB photo answer is answered in under 5 s", async () => {
      const { port, taskId, mischief, honest } = scene;
      const sockets = await Promise.all(Array.from({ length: 8 }, () => stalledUpload(port, mischief.token, taskId)));
      try {
        // Let the server take all eight in (two hold slots, six wait behind them).
        await new Promise((r) => setTimeout(r, 300));
        const data = await photo150k();
        expect(data.length).toBeGreaterThan(140_000);
        const answer = await post(port, honest.token, multipartBody({ taskId, answer: '' }, [{ field: 'solutionImage', data, filename: 'working.jpg' }]));
        expect(answer.status).toBe(201);
        // A functional bound (the photo is not starved), not a speed measurement.
        expect(answer.ms).toBeLessThan(5_000);
      } finally {
        for (const s of sockets) s.destroy();
      }
      // A client hanging up mid-upload gives its slot back (the six waiting ones start, find their
      // connection gone, and end too).
      await expect.poll(uploadsInFlight, { timeout: 3_000 }).toBe(0);
    });
  });

  describe('with a 1 s idle timeout and a 1 s headers timeout', () => {
    let scene: Awaited<ReturnType<typeof uploadScene>>;
    beforeAll(async () => {
      scene = await uploadScene(dialect, { requestIdleTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
    });
    afterAll(async () => scene.t.close());

    it('closes a stalled upload and gives its slots back to the same student', async () => {
      const { port, taskId, mischief } = scene;
      const sockets = await Promise.all(Array.from({ length: 3 }, () => stalledUpload(port, mischief.token, taskId)));
      const started = Date.now();
      await Promise.all(sockets.map(closed));
      // Two were cut after 1 s of silence; the third waited for a slot without a clock, then had 1 s.
      expect(Date.now() - started).toBeLessThan(10_000);
      const data = await photo150k();
      expect((await post(port, mischief.token, multipartBody({ taskId, answer: '' }, [{ field: 'solutionImage', data }]))).status).toBe(201);
    });

    it('lets a slow but progressing upload through: 150 KB in 16 KB pieces every 400 ms (about 4 s, longer than the idle timeout)', async () => {
      const { port, taskId, honest } = scene;
      const data = await photo150k();
      const res = await post(port, honest.token, multipartBody({ taskId, answer: '' }, [{ field: 'solutionImage', data }]), 400);
      expect(res.status).toBe(201);
      expect(res.ms).toBeGreaterThan(3_000);
    });

    it('closes a connection whose headers trickle in (slowloris) after the headers timeout', async () => {
      const socket = connect(scene.port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => {});
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\n`);
      // A byte every 300 ms: never silent for the idle timeout, never done.
      const drip = setInterval(() => socket.write('X'), 300);
      const started = Date.now();
      await closed(socket);
      clearInterval(drip);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
    });
  });
});
