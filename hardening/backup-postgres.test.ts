import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, JWT_SECRET, photo, seedClass, startServer, submit, tempDataDir, type RunningServer, type SeededClass, type Submission } from './helpers/real-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const url = process.env.TEST_DATABASE_URL;

/**
 * The scaled-out set-up's backup and restore, as docs/operations.md says it: the backup command
 * (the image's, `node apps/server/dist/backup.js`) copies the images kept under DATA_DIR and names
 * the pg_dump to run; pg_dump of the live database while the server writes; then, into a new
 * database and DATA_DIR, pg_restore and the images, and the server started on them has the answers
 * and serves their photos.
 */
describe.skipIf(!url)('backup and restore on PostgreSQL with images under DATA_DIR', () => {
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const names = { live: `mathclub_bk_${suffix}`, restored: `mathclub_rs_${suffix}` };
  const dbUrl = (name: string) => url!.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  let dataDir: string;
  let restoreDir: string;
  let server: RunningServer | undefined;
  let school: SeededClass;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dataDir = tempDataDir('pg-backup');
    restoreDir = tempDataDir('pg-restore');
    await admin(`create database ${names.live}`);
    await admin(`create database ${names.restored}`);
    school = await seedClass(dbUrl(names.live), 4, 50);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: dbUrl(names.live), JWT_SECRET, LOG_LEVEL: 'error' }, await freePort());
  });
  afterAll(async () => {
    await server?.stop();
    for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoreDir, { recursive: true, force: true });
  });

  it('copies the images, dumps the database mid-write, and the restore serves the answers and their photos', async () => {
    const results: Submission[] = [];
    let writing = true;
    const image = await photo(3);
    const writers = school.students.map(async (student, w) => {
      for (let n = 0; writing && n < school.taskIds.length; n++) results.push(await submit(server!.url, student, school.taskIds[n]!, `pg w${w} n${n}`, n % 2 === 0 ? image : undefined));
    });
    while (results.filter((r) => r.status === 201).length < 20) await new Promise((r) => setTimeout(r, 20));
    const ackedBefore = results.filter((r) => r.status === 201).map((r) => r.id!);

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl(names.live), INIT_CWD: ROOT };
    const { stdout } = await run(process.execPath, ['apps/server/dist/backup.js'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(stdout).toMatch(/pg_dump --format=custom --file=(\S+) "\$DATABASE_URL"/);
    const dumpFile = /--file=(\S+)/.exec(stdout)![1]!;
    await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, dbUrl(names.live)]);
    writing = false;
    await Promise.all(writers);

    // Restore, as the docs say: the dump into an empty database, the backup's folder into DATA_DIR.
    const dir = path.dirname(dumpFile);
    await run('pg_restore', ['--no-owner', `--dbname=${dbUrl(names.restored)}`, dumpFile]);
    cpSync(dir, restoreDir, { recursive: true });
    await server!.stop();
    server = undefined;
    const restored = await startServer({ DATA_DIR: restoreDir, DATABASE_URL: dbUrl(names.restored), JWT_SECRET, LOG_LEVEL: 'error' }, await freePort());
    try {
      for (const student of school.students) {
        const res = await fetch(`${restored.url}/api/solutions`, { headers: { authorization: `Bearer ${student.token}` } });
        expect(res.status).toBe(200);
        const mine = (await res.json()) as { id: number; imageSecureUrl?: string }[];
        const ids = new Set(mine.map((s) => s.id));
        for (const r of results.filter((r) => r.studentId === student.id && ackedBefore.includes(r.id!))) expect(ids.has(r.id!), `answer ${r.id}`).toBe(true);
        for (const withImage of mine.filter((s) => s.imageSecureUrl && ackedBefore.includes(s.id))) {
          expect((await fetch(`${restored.url}${withImage.imageSecureUrl}`)).status, `photo of ${withImage.id}`).toBe(200);
        }
      }
    } finally {
      await restored.stop();
    }
  });
});
