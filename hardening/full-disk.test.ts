import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../apps/server/src/db/sqlite-driver.js';
import { freePort, JWT_SECRET, photo, seedClass, submit, tempDataDir, type SeededClass, type Submission } from './helpers/real-server.js';
import { filesUnder } from './helpers/world.js';

const METRICS_TOKEN = 'full-disk-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Mounting a small tmpfs needs root (and a kernel that lets this container mount). */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = tempDataDir('mount-probe');
  try {
    return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0 && spawnSync('umount', [probe]).status === 0;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/**
 * Issue 54, on a real full disk: DATA_DIR on a 24 MB tmpfs, filled with a ballast file until a few
 * hundred KB are left, under the built server. Before, every write answered `500 INTERNAL` and the
 * log said "unhandled error" while `/api/ready` stayed green. Now the answers are 503 DISK_FULL (never
 * a 500), the log says "disk full", `/api/ready` and the metrics report it, nothing half-written is
 * left, and once space is freed the next answer is stored.
 */
describe.skipIf(!canMount())('a full disk under the built server', () => {
  const mountPoint = tempDataDir('full-disk');
  const dataDir = path.join(mountPoint, 'data');
  const ballast = path.join(mountPoint, 'ballast');
  let child: ChildProcess | undefined;
  let url = '';
  let log = '';
  let school: SeededClass;

  beforeAll(async () => {
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]).status).toBe(0);
    mkdirSync(dataDir);
    school = await seedClass(`sqlite:${path.join(dataDir, 'mathclub.sqlite')}`, 8, 200);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/server.js'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET, METRICS_TOKEN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '100000000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => (log += text));
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${log}`);
      if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) break;
      await sleep(100);
    }
    // Leave ~300 KB: the first few answers fit, then the disk is full.
    const { bavail, bsize } = statfsSync(mountPoint);
    writeFileSync(ballast, Buffer.alloc(Math.max(0, bavail * bsize - 300 * 1024)));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    spawnSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 503 DISK_FULL, says so in the log, /api/ready and the metrics, and stores again once space is back', async () => {
    const results: Submission[] = [];
    const image = await photo(11);
    for (let n = 0; n < 400 && !results.some((r) => r.status !== 201); n++) {
      const student = school.students[n % school.students.length]!;
      const taskId = school.taskIds[Math.floor(n / school.students.length)]!;
      results.push(await submit(url, student, taskId, `full ${n} ${'x'.repeat(4000)}`, n % 3 === 0 ? image : undefined));
    }
    // A few more into the full disk, text and photo alike.
    for (let n = 0; n < 6; n++) results.push(await submit(url, school.students[n % 8]!, school.taskIds[150 + n]!, `more ${n} ${'x'.repeat(4000)}`, n % 2 === 0 ? image : undefined));
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((r) => `${r.status} ${r.code}`), 'every refusal').toEqual(refused.map(() => '503 DISK_FULL'));

    const ready = await fetch(`${url}/api/ready`, { headers: { 'accept-language': 'uk' } });
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { code: string; message: string }).code).toBe('DISK_FULL');
    const metrics = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const counted = [...metrics.matchAll(/^mathclub_disk_full_total\{store="(\w+)"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[2]), 0);
    expect(counted).toBe(refused.length);
    await sleep(200);
    expect(log).toMatch(/disk full: a write to the/);
    expect(log).not.toMatch(/unhandled error/);

    // Space is freed: the next answer is stored.
    rmSync(ballast);
    const after = await submit(url, school.students[0]!, school.taskIds[199]!, 'after the space came back', image);
    expect(after.status, after.code).toBe(201);
    // Nothing half-written: the database is sound, holds every acknowledged answer, and no
    // temporary image file is left.
    const db = new SqliteDatabase(path.join(dataDir, 'mathclub.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set((db.prepare('select id from solutions').all() as { id: number }[]).map((r) => r.id));
      for (const r of [...results, after].filter((r) => r.status === 201)) expect(ids.has(r.id!), `answer ${r.id}`).toBe(true);
    } finally {
      db.close();
    }
    expect((await filesUnder(path.join(dataDir, 'images'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    console.log(`[hardening] full disk: ${results.length - refused.length} answers stored, ${refused.length} refused 503 DISK_FULL (${counted} counted), stored again after freeing space`);
  });
});
