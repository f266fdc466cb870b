import { SqliteDatabase } from './sqlite-driver.js';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../test/fixtures.js';
import { changeTokenReader, isNotNewer, tokenFromKnown } from './change-tokens.js';
import { ReadCache } from './read-cache.js';

describe.each(testDatabases())('read cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A write from another process: a second connection to the same database. */
  async function writeElsewhere(statement: string, params: unknown[]): Promise<void> {
    if (dialect === 'sqlite') {
      const other = new SqliteDatabase(path.join(t.dataDir, 'test.sqlite'));
      other.prepare(statement).run(...params);
      other.close();
      return;
    }
    const schema = (await t.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query(statement.replace(/\?/g, (_, i: number) => `$${statement.slice(0, i).split('?').length}`), params);
    await client.end();
  }

  it('keeps a result while nothing changes and shares one computation between concurrent misses', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('k', {}, compute), cache.get('k', {}, compute)])).toEqual([1, 1]);
    expect(await cache.get('k', {}, compute)).toBe(1);
    expect(computed).toBe(1);
  });

  it('recomputes after a write through the same connection and after one from another process', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('k', {}, compute)).toBe(1);
    await createGroup(t);
    expect(await cache.get('k', {}, compute)).toBe(2);
    await writeElsewhere('insert into groups (name, name_key, created_at) values (?, ?, ?)', ['Elsewhere', 'elsewhere', new Date().toISOString()]);
    expect(await cache.get('k', {}, compute)).toBe(3);
    expect(await cache.get('k', {}, compute)).toBe(3);
  });

  it("keeps other groups' and other students' reads when an answer arrives in one group (issue 15)", async () => {
    const [a, b] = [await createGroup(t), await createGroup(t)];
    const teacher = await createUser(t, { role: 'teacher', groupIds: [a.id, b.id] });
    const [inA, inB] = [await createUser(t, { groupIds: [a.id] }), await createUser(t, { groupIds: [b.id] })];
    const taskIn = async (group: number) =>
      (
        await t.db
          .insertInto('tasks')
          .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: group, author_id: teacher.user.id, created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const taskB = await taskIn(b.id);
    const cache = new ReadCache(changeTokenReader(t.db));
    const counts = new Map<string, number>();
    const read = (key: string, scope: Parameters<ReadCache['get']>[1]) =>
      cache.get(key, scope, async () => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return key;
      });
    const readAll = () =>
      Promise.all([
        read('review A', { groups: [a.id] }),
        read('review B', { groups: [b.id] }),
        read('board A', { points: [a.id] }),
        read('board B', { points: [b.id] }),
        read('own A', { user: inA.user.id }),
        read('own B', { user: inB.user.id }),
        read('teacher', { groups: [a.id, b.id] }),
        read('tasks', {}),
      ]);
    const expectComputed = (n: Record<string, number>) => expect(Object.fromEntries(counts)).toEqual(n);
    await readAll();
    // An answer waiting for review: B's solutions and its author move, no board does.
    await writeElsewhere('insert into solutions (task_id, author_id, answer, reviewed, correct, created_at) values (?, ?, ?, 0, 0, ?)', [taskB, inB.user.id, '42', new Date().toISOString()]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 2, 'board A': 1, 'board B': 1, 'own A': 1, 'own B': 2, teacher: 2, tasks: 1 });
    // Judged incorrect: still no points; then judged correct: B's board moves.
    await writeElsewhere('update solutions set reviewed = 1, correct = 0 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 3, 'board A': 1, 'board B': 1, 'own A': 1, 'own B': 3, teacher: 3, tasks: 1 });
    await writeElsewhere('update solutions set correct = 1 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 4, 'board A': 1, 'board B': 2, 'own A': 1, 'own B': 4, teacher: 4, tasks: 1 });
    // A verdict taken back from correct moves the board again.
    await writeElsewhere('update solutions set correct = 0 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 5, 'board A': 1, 'board B': 3, 'own A': 1, 'own B': 5, teacher: 5, tasks: 1 });
    // A new task (the structure) moves them all.
    await taskIn(a.id);
    await readAll();
    expectComputed({ 'review A': 2, 'review B': 6, 'board A': 2, 'board B': 4, 'own A': 2, 'own B': 6, teacher: 6, tasks: 2 });
  });

  it("gives the same token from the counters read with the account as from a query of its own", async () => {
    const group = await createGroup(t);
    const student = await createUser(t, { groupIds: [group.id] });
    const session = await t.app.sessionUser(student.user.id);
    const scopes = [{}, { groups: [group.id] }, { points: [group.id] }, { user: student.user.id }, { groups: [group.id], points: [group.id], user: student.user.id }];
    for (const scope of scopes) expect(tokenFromKnown(session!.counters, scope)).toBe(await changeTokenReader(t.db)(scope));
    // A scope the account's counters do not cover is read instead.
    expect(tokenFromKnown(session!.counters, { groups: [group.id + 1000] })).toBeNull();
    expect(tokenFromKnown(session!.counters, { user: student.user.id + 1 })).toBeNull();
  });

  it('serves a request holding counters older than the entry from the entry (it raced with a write), and recomputes for newer ones', async () => {
    const group = await createGroup(t);
    const student = await createUser(t, { groupIds: [group.id] });
    const before = (await t.app.sessionUser(student.user.id))!.counters;
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const read = (known: typeof before) => cache.get('tasks', { groups: [group.id] }, async () => ++computed, known);
    expect(await read(before)).toBe(1);
    await createUser(t, { groupIds: [group.id] });
    const after = (await t.app.sessionUser(student.user.id))!.counters;
    expect(await read(after)).toBe(2);
    // A request whose account check ran before the write: the newer entry is good for it.
    expect(await read(before)).toBe(2);
    expect(await read(after)).toBe(2);
    expect(computed).toBe(2);
  });

  it('orders tokens of one scope by their counters', () => {
    expect(isNotNewer('s3 g7:10', 's3 g7:11')).toBe(true);
    expect(isNotNewer('s3 g7:11', 's3 g7:11')).toBe(true);
    expect(isNotNewer('s4 g7:10', 's3 g7:11')).toBe(false);
    expect(isNotNewer('s3 u5:2 g7:10 p7:1', 's3 u5:2 g7:10 p7:2')).toBe(true);
    // Other scopes are not comparable.
    expect(isNotNewer('s3 g7:10', 's3 g8:11')).toBe(false);
    expect(isNotNewer('s3', 's3 g7:11')).toBe(false);
    expect(isNotNewer('nonsense', 's3')).toBe(false);
  });

  it('runs one computation per key at a time: a newer one starts when the older ends', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let running = 0;
    let most = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const compute = (wait: Promise<void>) => async () => {
      most = Math.max(most, ++running);
      await wait;
      running--;
      return running;
    };
    const first = cache.get('k', {}, compute(slow));
    await createGroup(t);
    const second = cache.get('k', {}, compute(Promise.resolve()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
  });

  it('does not remember a failed read', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    await expect(cache.get('k', {}, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', {}, async () => 'up')).toBe('up');
  });

  it('serves a leaderboard and a task list that follow a write made by another instance at the next request', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { name: 'Before', groupIds: [group.id] });
    const board = async () => (await t.app.inject({ url: `/api/leaderboard?groupId=${group.id}&period=all`, headers: bearer(teacher.token) })).json();
    const tasks = async () => (await t.app.inject({ url: '/api/tasks/mine', headers: bearer(student.token) })).json();
    expect(await board()).toEqual([{ rank: 1, userId: student.user.id, name: 'Before', points: 0, solved: 0 }]);
    expect(await tasks()).toEqual([]);
    await writeElsewhere('update users set name = ? where id = ?', ['After', student.user.id]);
    await writeElsewhere('insert into tasks (title, text, level, points, group_id, author_id, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
      'Elsewhere',
      'Find $x$.',
      'beginner',
      2,
      group.id,
      teacher.user.id,
      new Date().toISOString(),
    ]);
    expect(await board()).toEqual([{ rank: 1, userId: student.user.id, name: 'After', points: 0, solved: 0 }]);
    expect((await tasks()).map((task: { title: string }) => task.title)).toEqual(['Elsewhere']);
  });
});
