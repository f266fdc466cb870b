import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Solution } from '@mathclub/shared';
import { buildApp } from '../../app.js';
import { createDb, nowIso, type Database } from '../../db/database.js';
import { openTestDatabase, testConfig } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';
import { openStream, type TestStream } from './test-stream.js';

/**
 * Two real server instances (each its own app, database pool and fan-out connection, each
 * listening on its own port) on one PostgreSQL database: an event raised on instance A reaches a
 * stream held on instance B, through LISTEN/NOTIFY, and the same through Redis pub/sub.
 */
const url = process.env.TEST_DATABASE_URL;
const setups = url ? [{ fanOut: 'postgres' as const, redis: undefined as string | undefined }, ...(process.env.TEST_REDIS_URL ? [{ fanOut: 'redis' as const, redis: process.env.TEST_REDIS_URL }] : [])] : [];

// Without PostgreSQL the suite is listed as skipped (one placeholder case): an empty `.each` is a
// file with no suite, which Vitest counts as a failure on a machine with nothing installed.
describe.skipIf(setups.length === 0).each(setups.length ? setups : [{ fanOut: 'postgres' as const, redis: undefined }])('two instances on one PostgreSQL database, fan-out by $fanOut', ({ fanOut, redis }) => {
  let dataDir: string;
  let shared: { database: Database; drop: () => Promise<void> };
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-two-'));
    shared = await openTestDatabase('postgres', dataDir);
    // Instance B opens its own pool on the same schema, as a second server process would.
    second = createDb(url!, { searchPath: shared.database.schema!, poolSize: 4 });
    const config = testConfig(dataDir, { databaseUrl: url!, ...(redis ? { redisUrl: redis } : {}) });
    a = await buildApp(config, { database: shared.database });
    b = await buildApp(config, { database: second });
    await a.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await a?.close();
    await b?.close();
    await second?.destroy();
    await shared?.database.destroy();
    await shared?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a verdict given on A reaches the student streaming from B, and nobody else there', async () => {
    expect(a.liveHub.fanOut.driver).toBe(fanOut);
    expect(b.liveHub.fanOut.driver).toBe(fanOut);
    const t = { app: a, db: shared.database.db } as Parameters<typeof createGroup>[0];
    const group = await createGroup(t);
    const other = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const outsider = await createUser(t, { groupIds: [other.id] });
    const onB = await openStream(baseB, student.token);
    const outsiderOnB = await openStream(baseB, outsider.token);
    const teacherOnB = await openStream(baseB, teacher.token);
    streams.push(onB, outsiderOnB, teacherOnB);
    await Promise.all([onB, outsiderOnB, teacherOnB].map((s) => s.waitFor((e) => e.event === 'ready')));

    const taskId = (
      await shared.database.db
        .insertInto('tasks')
        .values({ title: 'Across', text: 'x', level: 'beginner', points: 1, group_id: group.id, author_id: teacher.user.id, image_key: null, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // The student answers on A: the teacher's stream on B shows it.
    const form = multipartBody({ taskId, answer: '42' });
    const submitted = await a.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...form.headers }, payload: form.payload });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const solution = submitted.json<Solution>();
    await teacherOnB.waitFor((e) => e.event === 'solution.submitted' && (e.data as { solution: Solution }).solution.id === solution.id);

    // The teacher judges on A: the student's stream on B shows the verdict.
    const judged = await a.inject({ method: 'PUT', url: `/api/solutions/${solution.id}`, headers: bearer(teacher.token), payload: { reviewed: true, correct: true, feedback: 'Across instances' } });
    expect(judged.statusCode).toBe(200);
    const event = await onB.waitFor((e) => e.event === 'solution.judged');
    expect(event.data).toMatchObject({ solution: { id: solution.id, correct: true, feedback: 'Across instances' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outsiderOnB.events.map((e) => e.event)).toEqual(['ready']);
  });
});
