import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../test/build-test-app.js';
import type { Database } from './database.js';
import * as leanIndexes from './migrations/2026112910_solutions_lean_indexes.js';

/**
 * Migration 2026112910: `solutions` keeps only the indexes its queries use, since every answer and
 * every verdict writes each of them. What the dropped ones served must still be served by an index.
 */
describe.each(testDatabases())('the indexes of solutions on %s', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-solution-indexes-'));
  let opened: { database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await openTestDatabase(dialect, dataDir);
  });
  afterAll(async () => {
    await opened.database.destroy();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Index name → whether it is partial. */
  async function indexes(): Promise<Map<string, boolean>> {
    const { db } = opened.database;
    if (dialect === 'postgres') {
      const { rows } = await sql<{ name: string; partial: boolean }>`
        select indexrelid::regclass::text as name, indpred is not null as partial
        from pg_index where indrelid = 'solutions'::regclass`.execute(db);
      return new Map(rows.map((r) => [r.name, r.partial]));
    }
    const { rows } = await sql<{ name: string; partial: number }>`select name, partial from pragma_index_list('solutions')`.execute(db);
    return new Map(rows.filter((r) => !r.name.startsWith('sqlite_autoindex')).map((r) => [r.name, r.partial === 1]));
  }

  /** The plan of `query` as one string; PostgreSQL is told to avoid scanning the table, as it would on a school's full one. */
  async function plan(query: string): Promise<string> {
    const { db } = opened.database;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db);
      return rows.map((r) => r.detail).join('\n');
    }
    return db.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(c);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
      }
    });
  }

  it('holds no index that another one already answers, and the image key only for answers with a photo', async () => {
    const found = await indexes();
    expect(found.has('solutions_author_task_idx')).toBe(false);
    expect(found.has('solutions_author_created_idx')).toBe(false);
    expect(found.get('solutions_image_key_idx')).toBe(true);
    expect(found.has('solutions_author_task_time_idx')).toBe(true);
  });

  it("still answers an image link's lookup and a student's own answers from an index", async () => {
    expect(await plan("select id from solutions where image_key = 'k.webp'")).toContain('solutions_image_key_idx');
    expect(await plan('select id, reviewed, correct from solutions where author_id = 7 order by task_id, created_at')).toContain('solutions_author_task_time_idx');
    expect(await plan('select id from solutions where task_id = 3 and author_id = 7')).toMatch(/solutions_author_task_time_idx|solutions_open_unique|solutions_task_idx/);
  });

  it('can be undone and done again', async () => {
    const { db } = opened.database;
    const migrated = await indexes();
    await leanIndexes.down(db as Kysely<unknown>);
    const undone = await indexes();
    expect(undone.get('solutions_image_key_idx')).toBe(false);
    expect(undone.has('solutions_author_task_idx')).toBe(true);
    expect(undone.has('solutions_author_created_idx')).toBe(true);
    await leanIndexes.up(db as Kysely<unknown>);
    // Twice: a migration interrupted after its first statements runs again from the start.
    await leanIndexes.up(db as Kysely<unknown>);
    expect(await indexes()).toEqual(migrated);
  });
});
