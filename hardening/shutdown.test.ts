import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createConnection, type Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../bench/load.js';
import { createDb } from '../apps/server/src/db/database.js';
import { freePort, JWT_SECRET, seedClass, startServer, submit, tempDataDir, type RunningServer, type Submission } from './helpers/real-server.js';

/** The bound the test sets (SHUTDOWN_TIMEOUT) and holds the process to. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
const WRITERS = 12;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A photo answer sent in two halves over a raw connection: the first before SIGTERM, the rest
 * after it. Resolves with the status and body once the server answers.
 */
function slowUpload(baseUrl: string, token: string, taskId: number, image: Buffer) {
  const form = multipartBody({ taskId: String(taskId), answer: 'photo sent across the SIGTERM' }, { field: 'solutionImage', name: 'work.jpg', type: 'image/jpeg', data: image });
  const half = Math.floor(form.body.length / 2);
  let finishBody!: () => void;
  const answered = new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/solutions`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'content-length': String(form.body.length) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, at: Date.now() }));
    });
    req.on('error', reject);
    req.write(form.body.subarray(0, half));
    finishBody = () => req.end(form.body.subarray(half));
  });
  return { answered, finish: () => finishBody() };
}

/**
 * SIGTERM during a burst of answers: the server stops taking connections, finishes what it has
 * (an upload half received completes and is stored), closes the database and exits 0 within
 * SHUTDOWN_TIMEOUT. Every answer it acknowledged (201) is in the database afterwards.
 */
describe('graceful shutdown of the built server', () => {
  const dataDir = tempDataDir('shutdown');
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM mid-burst finishes the requests in flight, keeps every acknowledged answer and exits 0 in time', async () => {
    const url = `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`;
    const school = await seedClass(url, WRITERS + 1, 400);
    server = await startServer({ DATA_DIR: dataDir, JWT_SECRET, SHUTDOWN_TIMEOUT: `${SHUTDOWN_TIMEOUT_MS / 1000}s`, LOG_LEVEL: process.env.SHUTDOWN_LOG ?? 'warn' }, await freePort());
    const child = server.process;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));

    // A photo of 1600×1200 noise: big enough to take a while through the image pipeline.
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const image = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const uploader = school.students[WRITERS]!;
    const upload = slowUpload(server.url, uploader.token, school.taskIds[0]!, image);

    // The burst: each writer answers task after task until the server stops answering.
    const results: (Submission & { doneAt: number })[] = [];
    let sigtermAt = Infinity;
    const writers = school.students.slice(0, WRITERS).map(async (student, w) => {
      for (let n = 1; n < school.taskIds.length; n++) {
        const result = await submit(server!.url, student, school.taskIds[n]!, `writer ${w} answer ${n}`);
        results.push({ ...result, doneAt: Date.now() });
        if (result.status !== 201 && Date.now() > sigtermAt) return;
      }
    });

    await sleep(800);
    sigtermAt = Date.now();
    child.kill('SIGTERM');
    // The upload's second half arrives after the signal.
    await sleep(300);
    upload.finish();
    const uploaded = await upload.answered;
    const exit = await exited;
    await Promise.all(writers);

    expect(exit.signal).toBeNull();
    expect(exit.code, 'exit code').toBe(0);
    expect(exit.at - sigtermAt, 'ms from SIGTERM to exit').toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(uploaded.at).toBeGreaterThan(sigtermAt);

    const acknowledged = results.filter((r) => r.status === 201);
    const inFlightAtSigterm = acknowledged.filter((r) => r.startedAt < sigtermAt && r.doneAt >= sigtermAt);
    const refused = results.filter((r) => r.status !== 201);
    expect(acknowledged.length).toBeGreaterThan(WRITERS);
    // Nothing but "not taken" after the signal: a refused connection (0) or 503 while closing.
    expect(refused.every((r) => r.status === 0 || r.status === 503), JSON.stringify(refused.slice(0, 5))).toBe(true);
    console.log(
      `[hardening] shutdown: ${acknowledged.length} answers acknowledged (${inFlightAtSigterm.length} of them in flight at SIGTERM), ` +
        `${refused.length} refused after it, photo upload ${uploaded.status}, exit ${exit.code} after ${exit.at - sigtermAt} ms`,
    );

    // The database was closed, not abandoned: SQLite removes the write-ahead log when the last
    // connection closes (after copying it into the database file).
    expect(existsSync(path.join(dataDir, 'mathclub.sqlite-wal')), 'the WAL file is left: the database was not closed').toBe(false);
    // Every acknowledged answer, and the photo with its file, is in the database the server closed.
    const database = createDb(url);
    try {
      const rows = await database.db.selectFrom('solutions').select(['id', 'answer', 'image_key']).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const r of acknowledged) expect(byId.get(r.id!)?.answer, `solution ${r.id}`).toBe(r.answer);
      const photo = byId.get((JSON.parse(uploaded.body) as { id: number }).id);
      expect(photo?.image_key).toBeTruthy();
      const images = path.join(dataDir, 'images');
      expect(existsSync(images) && readFileSync(path.join(images, photo!.image_key!)).length).toBeGreaterThan(1000);
    } finally {
      await database.destroy();
    }
  });
});

/**
 * Connections that carry no request must not hold a shutdown: a client that connected and sent
 * nothing, one that sent half a header, and a keep-alive connection between requests. Before, the
 * first two made SIGTERM wait the whole SHUTDOWN_TIMEOUT and exit 1 (`podman stop` then killed it).
 */
describe('shutdown with idle and half-open connections', () => {
  const dataDir = tempDataDir('shutdown-idle');
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes them at once on SIGTERM and exits 0 within a second', async () => {
    server = await startServer({ DATA_DIR: dataDir, JWT_SECRET, SHUTDOWN_TIMEOUT: `${SHUTDOWN_TIMEOUT_MS / 1000}s`, LOG_LEVEL: 'warn' }, await freePort());
    const child = server.process;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    const { port } = new URL(server.url);
    const connect = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = createConnection({ host: '127.0.0.1', port: Number(port) }, () => resolve(socket));
        socket.on('error', reject);
      });
    const silent = await connect();
    const halfHeader = await connect();
    halfHeader.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nAccept: appli');
    const keptAlive = await connect();
    keptAlive.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => keptAlive.once('data', resolve));
    const closedByServer = [silent, halfHeader, keptAlive].map((s) => {
      s.on('error', () => {});
      return new Promise<void>((resolve) => s.once('close', () => resolve()));
    });
    await sleep(200);

    const sigtermAt = Date.now();
    child.kill('SIGTERM');
    const exit = await exited;
    await Promise.all(closedByServer);
    console.log(`[hardening] shutdown with 3 unused connections: exit ${exit.code} after ${exit.at - sigtermAt} ms`);
    expect(exit.code, 'exit code').toBe(0);
    expect(exit.at - sigtermAt, 'ms from SIGTERM to exit').toBeLessThan(1_000);
  });
});
