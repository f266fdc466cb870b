import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Solution } from '@mathclub/shared';
import { buildApp } from '../../app.js';
import { createDb, type Database } from '../../db/database.js';
import { openTestDatabase, testConfig, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { startPrivateRedis, type PrivateRedis } from '../../test/private-redis.js';
import { multipartBody } from '../files/multipart-test-body.js';
import { openStream, type TestStream } from './test-stream.js';

/**
 * Issue 54: live events lost when the relay between instances breaks. Two instances on one
 * PostgreSQL database, teachers' streams open on both, a class answering on both in turn; meanwhile
 * the relay is broken and comes back: a private Redis killed and restarted (REDIS_URL), or every
 * connection of both instances terminated, the LISTEN ones included (LISTEN/NOTIFY). Every answer
 * acknowledged reaches every open stream, once, in order, and no stream is dropped. Before, a stream
 * on B received none of the answers posted to A while Redis was down nor after it came back.
 */
const url = process.env.TEST_DATABASE_URL;
/** The Redis case needs a redis-server of its own to kill (the shared one is never stopped). */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const relays = hasRedisServer ? (['postgres', 'redis'] as const) : (['postgres'] as const);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url).each(relays)('live events across two instances when the %s relay breaks under load', (relay) => {
  let dataDir: string;
  let shared: { database: Database; drop: () => Promise<void> };
  let first: Database;
  let second: Database;
  /** Every connection of both instances carries it, so only theirs are terminated. */
  const applicationName = `mathclub-relay-${process.pid}-${relay}`;
  let redis: PrivateRedis | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const bases: string[] = [];
  const streams: TestStream[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-relay-'));
    if (relay === 'redis') redis = await startPrivateRedis();
    shared = await openTestDatabase('postgres', dataDir);
    const named = Object.assign(new URL(url!), { search: `?application_name=${applicationName}` }).toString();
    first = createDb(named, { searchPath: shared.database.schema!, poolSize: 4 });
    second = createDb(named, { searchPath: shared.database.schema!, poolSize: 4 });
    const config = testConfig(dataDir, { databaseUrl: url!, ...(redis ? { redisUrl: redis.url, redisKeyPrefix: `mathclub-relay-${process.pid}:` } : {}) });
    a = await buildApp(config, { database: first });
    b = await buildApp(config, { database: second });
    bases.push(await a.listen({ port: 0, host: '127.0.0.1' }), await b.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await a?.close();
    await b?.close();
    await first?.destroy();
    await second?.destroy();
    await shared?.database.destroy();
    await shared?.drop();
    await redis?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Breaks the relay: kills the private Redis, or terminates every connection of both instances (only theirs). */
  async function breakRelay(): Promise<void> {
    if (redis) return redis.kill();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1', [applicationName]);
      expect(rows[0]!.n, 'connections terminated').toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  }

  it('every acknowledged answer reaches every open stream once and in order, through the outage and after', async () => {
    expect(a.liveHub.fanOut.driver).toBe(relay);
    const t = { app: a, db: shared.database.db } as TestApp;
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const students = await Promise.all(Array.from({ length: 8 }, () => createUser(t, { groupIds: [group.id] })));
    const taskIds: number[] = [];
    // Enough (student, task) pairs that no answer meets an earlier one of its pair (a 409), however fast the server is.
    for (let i = 0; i < 200; i++) taskIds.push(await createTaskRow(t, group.id, teacher.user.id, `Relay ${i}`));
    // The teacher's streams: two on each instance.
    for (const base of [...bases, ...bases]) streams.push(await openStream(base, teacher.token));
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'ready')));

    // One answer at a time, on A and B in turn, so that their ids are in the order they were acknowledged.
    const acknowledged: number[] = [];
    const refused: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing && n < students.length * taskIds.length; n++) {
        const app = n % 2 === 0 ? a : b;
        const student = students[n % students.length]!;
        const taskId = taskIds[Math.floor(n / students.length)]!;
        const form = multipartBody({ taskId, answer: `answer ${n}` });
        const res = await app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...form.headers }, payload: form.payload });
        if (res.statusCode === 201) acknowledged.push(res.json<Solution>().id);
        else refused.push(res.statusCode);
        if (res.statusCode !== 201) await sleep(50);
      }
    })();

    await sleep(1_000);
    await breakRelay();
    const atBreak = acknowledged.length;
    await sleep(2_000);
    if (redis) await redis.start();
    else await breakRelay();
    await sleep(2_000);
    writing = false;
    await writer;

    expect(acknowledged.length - atBreak, 'answers acknowledged after the relay broke').toBeGreaterThan(10);
    // Only "the database was away" may refuse an answer (a terminated connection under a query).
    expect(refused.every((status) => status === 503), `refused: ${refused.join(',')}`).toBe(true);
    const last = acknowledged.at(-1)!;
    const submitted = (s: TestStream) => s.events.filter((e) => e.event === 'solution.submitted').map((e) => (e.data as { solution: Solution }).solution.id);
    await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'solution.submitted' && (e.data as { solution: Solution }).solution.id === last, 15_000).catch(() => undefined)));
    await sleep(300);
    for (const [i, s] of streams.entries()) {
      expect(submitted(s), `stream ${i} (on ${i % 2 === 0 ? 'A' : 'B'}): every answer, once, in order`).toEqual(acknowledged);
    }
    console.log(`[live] ${relay} relay broken and back: ${acknowledged.length} answers (${acknowledged.length - atBreak} after the break, ${refused.length} refused) reached all ${streams.length} streams`);
  });
});
