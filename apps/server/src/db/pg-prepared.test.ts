import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/build-test-app.js';
import { createDb, type Database } from './database.js';
import { StatementNames, preparedStatements } from './pg-prepared.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabases().includes('postgres'))('PostgreSQL prepared statements for hot queries', () => {
  const schema = `test_prep_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.query(`create table "${schema}".items (id integer primary key, name text)`);
    await admin.query(`insert into "${schema}".items select g, 'item ' || g from generate_series(1, 50) g`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  /** The named statements of the connection `run` is given, after it ran. */
  async function onOneConnection(database: Database, run: (db: Database['db']) => Promise<void>) {
    return database.db.connection().execute(async (db) => {
      await run(db as Database['db']);
      const { rows } = await sql<{ name: string; statement: string; generic_plans: number; custom_plans: number }>`
        select name, statement, generic_plans, custom_plans from pg_prepared_statements where name like 'k\\_%' order by statement`.execute(db);
      return rows;
    });
  }

  it('a text run a second time is parsed and planned once on the connection, with a generic plan, and answers the same', async () => {
    const database = createDb(url!, { searchPath: schema, poolSize: 1 });
    try {
      const byId = (db: Database['db'], id: number) => sql<{ name: string }>`select name from items where id = ${id}`.execute(db);
      const statements = await onOneConnection(database, async (db) => {
        expect((await byId(db, 1)).rows).toEqual([{ name: 'item 1' }]);
      });
      // Seen once: unnamed, as Kysely sends it.
      expect(statements).toEqual([]);
      const after = await onOneConnection(database, async (db) => {
        for (let id = 2; id <= 6; id++) expect((await byId(db, id)).rows).toEqual([{ name: `item ${id}` }]);
      });
      expect(after).toHaveLength(1);
      expect(after[0]!.statement).toBe('select name from items where id = $1');
      expect(Number(after[0]!.generic_plans)).toBeGreaterThanOrEqual(5);
      expect(Number(after[0]!.custom_plans)).toBe(0);
    } finally {
      await database.destroy();
    }
  });

  it('keeps at most its bound of statements a connection, running the rest unnamed', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    const names = new StatementNames(100);
    pool.on('connect', (client) => preparedStatements(client, names, { perConnection: 2 }));
    try {
      const client = await pool.connect();
      try {
        const texts = ['select name from items where id = $1', 'select id from items where name = $1', 'select count(*)::int as n from items where id < $1'];
        for (let round = 0; round < 3; round++) for (const text of texts) await client.query(text, [round === 0 ? 3 : 4]);
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
        expect(rows[0]!.n).toBe(2);
        expect((await client.query('select count(*)::int as n from items where id < $1', [4])).rows).toEqual([{ n: 3 }]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('a table changed under a prepared statement is read unnamed again, not an error', async () => {
    const database = createDb(url!, { searchPath: schema, poolSize: 1 });
    try {
      await admin.query(`create table "${schema}".changing (id integer primary key)`);
      await admin.query(`insert into "${schema}".changing values (1)`);
      const all = (db: Database['db']) => sql<Record<string, unknown>>`select * from changing where id = ${1}`.execute(db);
      const rows = await database.db.connection().execute(async (db) => {
        await all(db as Database['db']);
        await all(db as Database['db']);
        await admin.query(`alter table "${schema}".changing add column note text default 'new'`);
        return (await all(db as Database['db'])).rows;
      });
      expect(rows).toEqual([{ id: 1, note: 'new' }]);
    } finally {
      await database.destroy();
    }
  });
});
