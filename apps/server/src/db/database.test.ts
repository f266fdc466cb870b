import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../test/build-test-app.js';
import { fromDbBool, isForeignKeyViolation, isUniqueViolation, nowIso, toCount, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';

describe.each(testDatabases())('database on %s', (dialect) => {
  let database: Database;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-db-'));
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(dialect, dataDir));
  });
  afterAll(async () => {
    await database.destroy();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies every migration once', async () => {
    expect(await migrateToLatest(database)).toEqual([]);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    for (const name of ['users', 'groups', 'user_groups', 'tasks', 'solutions']) expect(tables).toContain(name);
  });

  it('reports unique and foreign-key violations the same way on both engines', async () => {
    const db = database.db;
    const now = nowIso();
    const user = { login: 'Dup', login_key: 'dup', password_hash: 'x', name: 'D', role: 'student', activated: 0, created_at: now, updated_at: now };
    await db.insertInto('users').values(user).execute();
    const dup = await db.insertInto('users').values({ ...user, login: 'DUP' }).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    const fk = await db.insertInto('user_groups').values({ user_id: 999_999, group_id: 999_999 }).execute().catch((e: unknown) => e);
    expect(isForeignKeyViolation(fk)).toBe(true);
    expect(isUniqueViolation(fk)).toBe(false);
  });

  it('stores booleans as 0/1, timestamps as ISO text, and counts as numbers after mapping', async () => {
    const row = await database.db.selectFrom('users').select(['activated', 'created_at']).where('login_key', '=', 'dup').executeTakeFirstOrThrow();
    expect(fromDbBool(row.activated)).toBe(false);
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
    const count = await database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(toCount(count.n as string | number)).toBe(1);
  });
});

describe('the SQLite WAL under a burst of writes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-wal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Issue 54: the WAL grew to 63 MB under load and was emptied only at shutdown. SQLite's own
  // checkpoints copy it back every 1,000 pages, and journal_size_limit cuts the file back after each.
  it('keeps the WAL file near its limit while tens of megabytes are written', async () => {
    const { database, drop } = await openTestDatabase('sqlite', dataDir);
    try {
      const db = database.db;
      const now = nowIso();
      const text = 'x'.repeat(4000);
      for (let batch = 0; batch < 100; batch++) {
        await db
          .insertInto('groups')
          .values(Array.from({ length: 100 }, (_, i) => ({ name: `${text}${batch}-${i}`, name_key: `${batch}-${i}`, created_at: now })))
          .execute();
      }
      const file = path.join(dataDir, 'test.sqlite');
      expect(statSync(file).size, 'the database holds the ~40 MB written').toBeGreaterThan(30 * 1024 * 1024);
      expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(12 * 1024 * 1024);
    } finally {
      await database.destroy();
      await drop();
    }
  });
});
