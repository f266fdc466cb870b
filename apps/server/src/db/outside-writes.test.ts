import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { buildTestApp, openTestDatabase, testConfig, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { writeElsewhere } from '../test/write-elsewhere.js';
import { createDb, nowIso, type Database } from './database.js';

type Get = (url: string, token: string) => Promise<{ statusCode: number; json: <T>() => T }>;

/**
 * Writes that did not go through this app (an operator's psql or sqlite3, another instance) are
 * seen at the next request: nothing is kept between requests that such a write could leave stale.
 * `read` serves the requests, `write` makes the change from elsewhere.
 */
function seesOutsideWrites(name: string, setup: () => Promise<{ t: TestApp; read: Get; write: (statement: string, params: unknown[]) => Promise<void> }>) {
  describe(name, () => {
    let t: TestApp;
    let read: Get;
    let write: (statement: string, params: unknown[]) => Promise<void>;
    beforeAll(async () => {
      ({ t, read, write } = await setup());
    });

    it('an account deactivated by an UPDATE gets 401 at its next request', async () => {
      const group = await createGroup(t);
      const { user, token } = await createUser(t, { groupIds: [group.id] });
      expect((await read('/api/tasks/mine', token)).statusCode).toBe(200);
      await write('update users set activated = 0, deactivated_at = ? where id = ?', [nowIso(), user.id]);
      const refused = await read('/api/tasks/mine', token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<{ code: string }>().code).toBe('ACCOUNT_DEACTIVATED');
    });

    it("a task inserted by SQL is in the student's list, and a verdict changed by SQL is on the board, at once", async () => {
      const group = await createGroup(t);
      const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
      const student = await createUser(t, { name: 'Olena Outside', groupIds: [group.id] });
      const firstTask = await createTaskRow(t, group.id, teacher.user.id, 'First');
      expect((await read('/api/tasks/mine', student.token)).json<{ id: number }[]>().map((task) => task.id)).toEqual([firstTask]);
      const board = async () => (await read(`/api/leaderboard?groupId=${group.id}&period=all`, student.token)).json<{ userId: number; points: number }[]>();
      expect((await board()).find((row) => row.userId === student.user.id)?.points).toBe(0);
      const counts = async () => (await read('/api/tasks', teacher.token)).json<{ id: number; counts: { waiting: number; correct: number } }[]>().find((task) => task.id === firstTask)?.counts;

      await write('insert into tasks (title, text, level, points, group_id, author_id, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
        'Second',
        'Typed in by hand',
        'beginner',
        3,
        group.id,
        teacher.user.id,
        nowIso(),
      ]);
      expect((await read('/api/tasks/mine', student.token)).json<{ title: string }[]>().map((task) => task.title)).toEqual(['Second', 'First']);

      await write('insert into solutions (task_id, author_id, answer, created_at) values (?, ?, ?, ?)', [firstTask, student.user.id, '42', nowIso()]);
      expect(await counts()).toMatchObject({ waiting: 1, correct: 0 });
      expect((await read('/api/solutions', student.token)).json<{ reviewed: boolean }[]>()).toMatchObject([{ reviewed: false }]);

      await write('update solutions set reviewed = 1, correct = 1, reviewed_at = ? where task_id = ?', [nowIso(), firstTask]);
      expect(await counts()).toMatchObject({ waiting: 0, correct: 1 });
      // The task's 2 points, the first-try bonus and the first solver's speed bonus.
      expect((await board()).find((row) => row.userId === student.user.id)?.points).toBeGreaterThan(2);
      expect((await read('/api/solutions', student.token)).json<{ reviewed: boolean; correct: boolean }[]>()).toMatchObject([{ reviewed: true, correct: true }]);
    });
  });
}

for (const dialect of testDatabases()) {
  let t: TestApp;
  afterAll(async () => t?.close());
  seesOutsideWrites(`writes made outside the app on ${dialect}`, async () => {
    t = await buildTestApp(dialect);
    const read: Get = (url, token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { t, read, write: (statement, params) => writeElsewhere(t, statement, params) };
  });
}

/** Two instances on one PostgreSQL database: B serves every read, A makes every write. */
const url = process.env.TEST_DATABASE_URL;
describe.runIf(url)('two instances', () => {
  let dataDir: string;
  let shared: { database: Database; drop: () => Promise<void> };
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.destroy();
    await shared?.database.destroy();
    await shared?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  seesOutsideWrites('writes made on another instance on postgres', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-outside-'));
    shared = await openTestDatabase('postgres', dataDir);
    second = createDb(url!, { searchPath: shared.database.schema!, poolSize: 4 });
    const config = testConfig(dataDir, { databaseUrl: url! });
    a = await buildApp(config, { database: shared.database });
    b = await buildApp(config, { database: second });
    const t = { app: a, db: shared.database.db, database: shared.database, dialect: 'postgres', config, dataDir, close: async () => {} } satisfies TestApp;
    const read: Get = (requestUrl, token) => b.inject({ method: 'GET', url: requestUrl, headers: bearer(token) });
    // A's own connection writes, as A's routes would: B hears of it only through the database.
    const write = async (statement: string, params: unknown[]) => {
      let n = 0;
      await shared.database.pgPool!.query(
        statement.replace(/\?/g, () => `$${++n}`),
        params,
      );
    };
    return { t, read, write };
  });
});
