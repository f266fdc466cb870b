import path from 'node:path';
import pg from 'pg';
import { SqliteDatabase } from '../db/sqlite-driver.js';
import type { TestApp } from './build-test-app.js';

/**
 * A write from another process (another instance of the server): a second connection to the test
 * app's database, so nothing the app holds in memory hears of it. `?` placeholders on both engines.
 */
export async function writeElsewhere(t: TestApp, statement: string, params: unknown[]): Promise<void> {
  if (t.dialect === 'sqlite') {
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
