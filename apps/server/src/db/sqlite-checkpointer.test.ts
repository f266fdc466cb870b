import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Database } from './database.js';
import type { CheckpointResult } from './sqlite-checkpoint.worker.js';
import { startCheckpointer } from './sqlite-checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mathclub-wal-'));
  dirs.push(dir);
  return path.join(dir, 'school.sqlite');
}

/** Writes `rows` rows of 3 KB, each its own commit (as requests commit), with a pause every 100 as a server has. */
async function write(database: Database, rows: number): Promise<void> {
  await sql`create table if not exists filler (id integer primary key, data blob)`.execute(database.db);
  for (let i = 0; i < rows; i++) {
    await sql`insert into filler (data) values (randomblob(3000))`.execute(database.db);
    if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

const autocheckpoint = async (database: Database) =>
  Number(Object.values((await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]!)[0]);

describe('SQLite checkpoints off the event loop', () => {
  it('a thread of its own copies the WAL back once it grows, and the event loop stops checkpointing by itself', async () => {
    const file = tempFile();
    const seen: CheckpointResult[] = [];
    const database = createDb(`sqlite:${file}`, { checkpointer: { startAfterBytes: 64 * 1024, everyMs: 20, onCheckpoint: (r) => seen.push(r) } });
    expect(await autocheckpoint(database)).toBe(1000); // SQLite's own, until the thread runs
    await write(database, 100);
    await expect.poll(() => autocheckpoint(database), { timeout: 15_000 }).toBe(16_000);
    // Far more than SQLite's 1,000 pages: only the thread's checkpoints keep the WAL short.
    await write(database, 3_000);
    await expect.poll(() => seen.reduce((n, r) => n + r.checkpointed, 0), { timeout: 15_000 }).toBeGreaterThan(1_000);
    // A writer restarts a fully copied WAL from its beginning: it never held all 3,100 rows' pages.
    expect(statSync(`${file}-wal`).size).toBeLessThan(3_000 * 4096);
    await database.destroy();

    const reopened = createDb(`sqlite:${file}`);
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(reopened.db);
    expect(count.rows[0]!.n).toBe(3_100);
    await reopened.destroy();
  });

  it('a small database never starts the thread: SQLite checkpoints as it always did', async () => {
    const file = tempFile();
    const seen: CheckpointResult[] = [];
    const database = createDb(`sqlite:${file}`, { checkpointer: { everyMs: 20, onCheckpoint: (r) => seen.push(r) } });
    await write(database, 50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    expect(await autocheckpoint(database)).toBe(1000);
    await database.destroy();
  });

  it('a thread that fails gives the checkpoints back to SQLite, and closing afterwards does not wait for it', async () => {
    // A WAL without its database: the thread cannot open the file and ends at once.
    const file = tempFile();
    writeFileSync(`${file}-wal`, Buffer.alloc(1024));
    const pragmas: string[] = [];
    const checkpointer = startCheckpointer(file, { pragma: (source) => pragmas.push(source) }, { startAfterBytes: 0, everyMs: 10 });
    await expect.poll(() => pragmas, { timeout: 15_000 }).toContain('wal_autocheckpoint = 1000');
    // Waiting for an 'exit' that already happened would never end (the test's timeout fails it).
    await checkpointer.close();
    expect(pragmas).not.toContain('wal_autocheckpoint = 16000');
  });
});
