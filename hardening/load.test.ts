import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from '../apps/server/src/db/sqlite-driver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgWithScript } from '../apps/server/src/modules/files/test-images.js';
import { freePort, JWT_SECRET, photo, seedClass, startServer, submit, tally, tempDataDir, type RunningServer, type SeededClass, type Submission } from './helpers/real-server.js';
import { size } from './helpers/sizes.js';
import { filesUnder } from './helpers/world.js';

const STUDENTS = size(100, 500);

/**
 * N students submit at once against the real compiled server on SQLite, half of them with a
 * photo. Mixed in: a second, simultaneous submission by every tenth student to the same task
 * (the unique index must let exactly one through) and an SVG from every twentieth (refused).
 * Afterwards the database holds exactly the acknowledged submissions, each with its image file,
 * and the images folder holds nothing else.
 */
describe(`${STUDENTS} students submitting at once (real server, SQLite)`, () => {
  let dataDir: string;
  let server: RunningServer;
  let school: SeededClass;

  beforeAll(async () => {
    dataDir = tempDataDir('load');
    school = await seedClass(`sqlite:${path.join(dataDir, 'mathclub.sqlite')}`, STUDENTS, 4);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`, JWT_SECRET, LOG_LEVEL: 'error' }, await freePort());
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged submission with its image and nothing else', async () => {
    const photos = await Promise.all(Array.from({ length: 16 }, (_, i) => photo(i)));
    const requests: Promise<Submission>[] = [];
    school.students.forEach((student, i) => {
      const taskId = school.taskIds[i % school.taskIds.length]!;
      const image = i % 2 === 0 ? photos[i % photos.length] : undefined;
      requests.push(submit(server.url, student, taskId, `answer of ${student.id}: $x=${i}$`, image));
      if (i % 10 === 3) requests.push(submit(server.url, student, taskId, `second try of ${student.id}`, photos[0]));
      if (i % 20 === 7) requests.push(submit(server.url, student, school.taskIds[(i + 1) % school.taskIds.length]!, 'svg', svgWithScript));
    });
    const started = Date.now();
    const results = await Promise.all(requests);
    const seconds = (Date.now() - started) / 1000;
    const statuses = tally(results);
    console.log(`[hardening] load: ${results.length} submissions from ${STUDENTS} students in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(statuses)}`);

    expect(results.filter((r) => r.status === 0 || r.status >= 500), 'no network failure, no 5xx').toEqual([]);
    const acknowledged = results.filter((r) => r.status === 201);
    // Every student's first answer lands; of the simultaneous pairs exactly one; no SVG.
    expect(acknowledged.length).toBe(STUDENTS);
    expect(results.filter((r) => r.status === 409).length).toBe(Math.ceil((STUDENTS - 3) / 10));
    expect(results.filter((r) => r.status === 400 && r.code === 'UNSUPPORTED_IMAGE').length).toBe(Math.ceil((STUDENTS - 7) / 20));

    await server.stop();
    const db = new SqliteDatabase(path.join(dataDir, 'mathclub.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = db.prepare('select id, task_id, author_id, answer, image_key from solutions order by id').all() as { id: number; task_id: number; author_id: number; answer: string; image_key: string | null }[];
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(acknowledged.map((r) => r.id!).sort((a, b) => a - b));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const ack of acknowledged) {
        const row = byId.get(ack.id!)!;
        expect(row.author_id).toBe(ack.studentId);
        expect(row.task_id).toBe(ack.taskId);
        expect(row.answer).toBe(ack.answer);
        expect(row.image_key !== null, `solution ${row.id} image`).toBe(ack.withImage);
        if (row.image_key) expect(existsSync(path.join(dataDir, 'images', row.image_key))).toBe(true);
      }
      const keys = rows.flatMap((r) => (r.image_key ? [r.image_key] : [])).sort();
      expect(await filesUnder(path.join(dataDir, 'images')), 'no orphan or temporary files').toEqual(keys);
    } finally {
      db.close();
    }
  });
});
