import { SqliteDatabase } from './sqlite-driver.js';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../test/fixtures.js';
import { dataVersion, ReadCache } from './read-cache.js';

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
    const cache = new ReadCache(dataVersion(t.db, dialect));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    expect(await cache.get('k', compute)).toBe(1);
    expect(computed).toBe(1);
  });

  it('recomputes after a write through the same connection and after one from another process', async () => {
    const cache = new ReadCache(dataVersion(t.db, dialect));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    await createGroup(t);
    expect(await cache.get('k', compute)).toBe(2);
    await writeElsewhere('insert into groups (name, name_key, created_at) values (?, ?, ?)', ['Elsewhere', 'elsewhere', new Date().toISOString()]);
    expect(await cache.get('k', compute)).toBe(3);
    expect(await cache.get('k', compute)).toBe(3);
  });

  it('does not remember a failed read', async () => {
    const cache = new ReadCache(dataVersion(t.db, dialect));
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
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
