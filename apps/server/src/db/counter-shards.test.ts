import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { taskSolutionVersions } from '../modules/tasks/tasks.repository.js';
import { changeTokenReader, tokenFromKnown } from './change-tokens.js';

/**
 * Migration 2026112800: on PostgreSQL a solution's write that finds its scope's counter row held
 * by another open transaction moves a shard instead of waiting for that transaction's commit, and
 * every reader of the counters counts the shards.
 */
// PostgreSQL only: without TEST_DATABASE_URL the suite is skipped (a file with no suite fails vitest).
describe.runIf(testDatabases().includes('postgres'))('change counters with shards on postgres', () => {
  const dialect = 'postgres';
  let t: TestApp;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await t.close();
  });

  /** A connection of its own (another instance's), in the test app's schema. */
  async function connection(): Promise<pg.Client> {
    const schema = (await t.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    clients.push(client);
    return client;
  }
  const answer = (client: pg.Client, taskId: number, authorId: number) =>
    client.query(
      `insert into solutions (task_id, author_id, answer, reviewed, correct, created_at, judged_by_checker) values ($1, $2, '42', 0, 0, $3, 0)`,
      [taskId, authorId, new Date().toISOString()],
    );

  it("lets answers of one group commit while another answer of the group is open, and counts each in the group's, task's and author's tokens", async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const [first, second] = [await createUser(t, { groupIds: [group.id] }), await createUser(t, { groupIds: [group.id] })];
    const taskId = await createTaskRow(t, group.id, teacher.user.id);
    const scope = { groups: [group.id], tasksOf: [group.id], user: second.user.id };
    const read = changeTokenReader(t.db);
    // The group's, task's and authors' rows exist (a quiet first answer moves only them).
    await answer(await connection(), taskId, teacher.user.id);
    const quiet = await read(scope);
    expect(await t.db.selectFrom('change_counter_shards').selectAll().execute()).toEqual([]);

    const open = await connection();
    await open.query('begin');
    await answer(open, taskId, first.user.id);
    const other = await connection();
    // Before migration 2026112800 this waited for `open` to commit: here, for the time limit.
    await other.query("set statement_timeout = '3s'");
    await answer(other, taskId, second.user.id);
    const whileOpen = await read(scope);
    expect(whileOpen).not.toBe(quiet);
    const shards = await t.db.selectFrom('change_counter_shards').select(['kind', 'id']).orderBy('kind').execute();
    expect(shards.map((s) => `${s.kind}${s.id}`)).toEqual([`g${group.id}`, `t${taskId}`]);

    await open.query('commit');
    const afterCommit = await read(scope);
    expect(afterCommit).not.toBe(whileOpen);
    // Three answers, each counted once, whichever row or shard it moved.
    expect(afterCommit).toContain(` g${group.id}:3`);
    expect((await taskSolutionVersions(t.db, [group.id])).get(taskId)).toBe('3');
    // The account check's counters (one query with the account) say the same as the reader's own.
    const session = await t.app.sessionUser(second.user.id);
    expect(tokenFromKnown(session!.counters, scope)).toBe(afterCommit);
  });
});
