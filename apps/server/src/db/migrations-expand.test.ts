import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabases } from '../test/build-test-app.js';
import type { Database } from './database.js';
import { migrateToLatest, migrateUpTo, migrationNames, migrationsFromNewerRelease } from './migrate.js';

/**
 * Upgrades without downtime (issue 21, docs/operations.md): while a new release migrates the
 * database, instances of the previous release keep serving from it. So a migration may only
 * add: no table or column of the schema before it disappears or changes type, and a column added
 * to an existing table is nullable or has a default (the previous release's inserts leave it out).
 * Checked on the schema itself, migration by migration, on both engines.
 */

/** The release every later migration is held to (the first one whose schema a school ran). */
const BASELINE = '2026112100_initial';

interface Column {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
type Schema = Map<string, Map<string, Column>>;

async function schemaOf(database: Database): Promise<Schema> {
  const tables = await database.db.introspection.getTables();
  const out: Schema = new Map();
  for (const t of tables) {
    if (database.schema && t.schema !== database.schema) continue;
    if (t.name.startsWith('kysely_migration')) continue;
    out.set(t.name, new Map(t.columns.map((c) => [c.name, { type: c.dataType.toLowerCase(), nullable: c.isNullable, hasDefault: c.hasDefaultValue || c.isAutoIncrementing }])));
  }
  return out;
}

/** What `after` broke for code written against `before`. */
function breakingChanges(before: Schema, after: Schema): string[] {
  const problems: string[] = [];
  for (const [table, columns] of before) {
    const now = after.get(table);
    if (!now) {
      problems.push(`table ${table} was dropped or renamed`);
      continue;
    }
    for (const [name, column] of columns) {
      const c = now.get(name);
      if (!c) problems.push(`column ${table}.${name} was dropped or renamed`);
      else if (c.type !== column.type) problems.push(`column ${table}.${name} changed type ${column.type} → ${c.type}`);
      else if (column.nullable && !c.nullable && !c.hasDefault) problems.push(`column ${table}.${name} became NOT NULL without a default`);
    }
    for (const [name, c] of now) {
      if (!columns.has(name) && !c.nullable && !c.hasDefault) problems.push(`column ${table}.${name} was added NOT NULL without a default (the previous release's inserts fail)`);
    }
  }
  return problems;
}

describe('the schema comparison', () => {
  const col = (type: string, nullable = true, hasDefault = false): Column => ({ type, nullable, hasDefault });
  const before: Schema = new Map([['users', new Map([['id', col('integer', false, true)], ['name', col('text')]])]]);
  it('notices drops, renames, type changes and columns the previous release cannot insert', () => {
    expect(breakingChanges(before, new Map())).toEqual(['table users was dropped or renamed']);
    const changed: Schema = new Map([['users', new Map([['id', col('bigint', false, true)], ['nick', col('text')], ['age', col('integer', false)], ['grade', col('integer', false, true)]])]]);
    expect(breakingChanges(before, changed)).toEqual([
      'column users.id changed type integer → bigint',
      'column users.name was dropped or renamed',
      "column users.age was added NOT NULL without a default (the previous release's inserts fail)",
    ]);
    expect(breakingChanges(before, new Map([...before, ['new_table', new Map([['x', col('text', false)]])]]))).toEqual([]);
  });
});

describe.each(testDatabases())('migrations only add (expand/contract) on %s', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathclub-expand-'));
  let opened: { database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await openTestDatabase(dialect, dataDir, BASELINE);
  });
  afterAll(async () => {
    await opened.database.destroy();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every migration since the baseline keeps every table and column the release before it used', async () => {
    const names = migrationNames();
    expect(names[0]).toBe(BASELINE);
    const problems: string[] = [];
    let before = await schemaOf(opened.database);
    for (const name of names.slice(names.indexOf(BASELINE) + 1)) {
      await migrateUpTo(opened.database, name);
      const after = await schemaOf(opened.database);
      problems.push(...breakingChanges(before, after).map((p) => `${name}: ${p}`));
      before = after;
    }
    expect(problems).toEqual([]);
  });

  it('a release older than the database starts without migrating; one missing its own migrations is refused', async () => {
    const { database } = opened;
    await migrateToLatest(database);
    const table = database.schema ? sql.table(`${database.schema}.kysely_migration`) : sql.table('kysely_migration');
    // A newer release's migration, as it would be recorded.
    await sql`insert into ${table} (name, timestamp) values (${'2099010100_from_a_newer_release'}, ${new Date().toISOString()})`.execute(database.db);
    expect(await migrationsFromNewerRelease(database)).toEqual({ unknown: ['2099010100_from_a_newer_release'], pending: [] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(migrateToLatest(database)).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('migrated by a newer release (2099010100_from_a_newer_release)'));
    warn.mockRestore();
    // One of this release's own migrations missing as well: no way to bring the database here.
    const last = migrationNames().at(-1)!;
    await sql`delete from ${table} where name = ${last}`.execute(database.db);
    await expect(migrateToLatest(database)).rejects.toThrow(/migrated by a newer release/);
    await sql`insert into ${table} (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(database.db);
  });
});
