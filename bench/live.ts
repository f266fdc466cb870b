/**
 * Live updates (PRODUCT.md §12, issue 18) on the built server, one instance:
 * - 2,000 open event streams: the server's RSS before and with them, and its CPU while they idle
 *   (30 s: every stream gets its heartbeat and account check once);
 * - a verdict's way to its student: 500 students listening, the teacher judges one answer of each
 *   (8 at a time); from sending PUT /api/solutions/{id} to the event arriving on that student's
 *   stream, p50/p99;
 * - a new task's way to all 500 of them (one group event), p50/p99 over the streams.
 * SQLite always; PostgreSQL (LISTEN/NOTIFY) too when DATABASE_URL is set. `npm run bench` runs it
 * after the other benches; `npm run bench:live` alone (needs a build).
 */
import http from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { createDb } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { startServer, type RunningServer } from './load.js';
import { SERVER_PORT, WORK } from './harness.js';

const STREAMS = 2_000;
const LISTENERS = 500;
const IDLE_SECONDS = 30;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export interface LiveBenchResult {
  dialect: 'sqlite' | 'postgres';
  streams: number;
  rssIdleMb: number;
  rssStreamsMb: number;
  idleCpuPercent: number;
  verdictP50Ms: number;
  verdictP99Ms: number;
  broadcastP50Ms: number;
  broadcastP99Ms: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Seeded {
  env: Record<string, string>;
  teacher: { id: number; groups: { id: number; name: string }[] };
  students: { id: number; group: number; solutionId: number }[];
  taskId: number;
  drop: () => Promise<void>;
}

/** One teacher, four groups of 500 students, one task with an answer from each student of group 1. */
async function seed(dialect: 'sqlite' | 'postgres'): Promise<Seeded> {
  const dataDir = path.join(WORK, `data-live-${dialect}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let url = `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`;
  let drop = async () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('drop database if exists mathclub_bench_live with (force)');
    await admin.query('create database mathclub_bench_live');
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = '/mathclub_bench_live';
    url = u.toString();
    const removeDir = drop;
    drop = async () => {
      await removeDir();
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query('drop database if exists mathclub_bench_live with (force)');
      await c.end();
    };
  }
  const database = createDb(url);
  await migrateToLatest(database);
  const db = database.db;
  const now = new Date().toISOString();
  const groups: number[] = [];
  for (let g = 0; g < STREAMS / LISTENERS; g++) {
    groups.push((await db.insertInto('groups').values({ name: `Live ${g}`, name_key: `live ${g}`, created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const user = (login: string, role: string) => ({ login, login_key: login, password_hash: 'x', name: login, role, activated: 1, grade: role === 'student' ? 7 : null, grade_letter: role === 'student' ? 'А' : null, created_at: now, updated_at: now, sessions_valid_after: null });
  const teacherId = (await db.insertInto('users').values(user('live-teacher', 'teacher')).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('user_groups').values(groups.map((group_id) => ({ user_id: teacherId, group_id }))).execute();
  const taskId = (await db.insertInto('tasks').values({ title: 'Live', text: 'x', level: 'beginner', points: 1, group_id: groups[0]!, author_id: teacherId, image_key: null, created_at: now, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
  const students: Seeded['students'] = [];
  for (let g = 0; g < groups.length; g++) {
    const rows = await db
      .insertInto('users')
      .values(Array.from({ length: LISTENERS }, (_, i) => user(`live-${g}-${i}`, 'student')))
      .returning('id')
      .execute();
    await db.insertInto('user_groups').values(rows.map((r) => ({ user_id: r.id, group_id: groups[g]! }))).execute();
    for (const r of rows) students.push({ id: r.id, group: groups[g]!, solutionId: 0 });
  }
  const first = students.filter((s) => s.group === groups[0]);
  const solutions = await db
    .insertInto('solutions')
    .values(first.map((s) => ({ task_id: taskId, author_id: s.id, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: now, reviewed_at: null, reviewer_id: null })))
    .returning(['id', 'author_id'])
    .execute();
  for (const row of solutions) students.find((s) => s.id === row.author_id)!.solutionId = row.id;
  await database.destroy();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: SECRET },
    teacher: { id: teacherId, groups: groups.map((id) => ({ id, name: `Live ${id}` })) },
    students,
    taskId,
    drop,
  };
}

/** A token as the server issues them (same claims, signed with the server's secret). */
const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 3_600_000 });
const token = (id: number, role: string, groups: { id: number; name: string }[]) =>
  sign({ sub: String(id), jti: randomBytes(16).toString('base64url'), iatMs: Date.now(), id, login: `u${id}`, name: `u${id}`, role, activated: true, owner: false, grade: null, gradeLetter: null, groups });

interface OpenStream {
  close: () => void;
}

/** Opens a stream; `onEvent` gets each event's kind and data text. Resolves once it is ready. */
function openStream(base: string, bearer: string, onEvent: (kind: string, data: string) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { agent: false, headers: { authorization: `Bearer ${bearer}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const kind = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!kind || data === undefined) continue;
          if (kind === 'ready') resolve({ close: () => req.destroy() });
          else onEvent(kind, data);
        }
      });
      res.on('error', () => {});
    });
    req.on('error', reject);
  });
}

function call(base: string, method: string, pathName: string, bearer: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${base}${pathName}`, { method, headers: { authorization: `Bearer ${bearer}`, ...(data ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchLive(dialect: 'sqlite' | 'postgres'): Promise<LiveBenchResult> {
  const seeded = await seed(dialect);
  const server: RunningServer = await startServer(seeded.env, SERVER_PORT);
  const streams: OpenStream[] = [];
  try {
    await sleep(2_000);
    const rssIdleMb = server.memory().rssMb;
    const teacherToken = token(seeded.teacher.id, 'teacher', seeded.teacher.groups);
    const groupOf = new Map(seeded.teacher.groups.map((g) => [g.id, g]));
    const verdictArrived = new Map<number, number>();
    const broadcastArrived: number[] = [];
    const listening = seeded.students.filter((s) => s.solutionId > 0);
    // 2,000 streams, 50 opening at a time.
    for (let i = 0; i < seeded.students.length; i += 50) {
      const batch = seeded.students.slice(i, i + 50);
      streams.push(
        ...(await Promise.all(
          batch.map((s) =>
            openStream(server.url, token(s.id, 'student', [groupOf.get(s.group)!]), (kind, data) => {
              const at = performance.now();
              if (kind === 'solution.judged') verdictArrived.set((JSON.parse(data) as { solution: { id: number } }).solution.id, at);
              else if (kind === 'task.published') broadcastArrived.push(at);
            }),
          ),
        )),
      );
    }
    await sleep(2_000);
    const rssStreamsMb = server.memory().rssMb;
    const cpuBefore = server.cpuMs();
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuPercent = ((server.cpuMs() - cpuBefore) / (IDLE_SECONDS * 1000)) * 100;

    // One verdict per listening student, 8 at a time.
    const sentAt = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < listening.length) {
          const s = listening[next++]!;
          sentAt.set(s.solutionId, performance.now());
          const status = await call(server.url, 'PUT', `/api/solutions/${s.solutionId}`, teacherToken, { reviewed: true, correct: true, feedback: 'Well done' });
          if (status !== 200) throw new Error(`verdict: ${status}`);
        }
      }),
    );
    const deadline = Date.now() + 30_000;
    while (verdictArrived.size < listening.length && Date.now() < deadline) await sleep(50);
    if (verdictArrived.size < listening.length) throw new Error(`only ${verdictArrived.size} of ${listening.length} verdicts arrived`);
    const verdicts = [...sentAt].map(([id, at]) => verdictArrived.get(id)! - at).sort((a, b) => a - b);

    // A new task for group 1: one event to its 500 students. Posted as the teacher (multipart).
    const boundary = `----live${randomBytes(6).toString('hex')}`;
    const form = ['title', 'Broadcast', 'text', 'x', 'level', 'beginner', 'points', '1', 'group', String(seeded.teacher.groups[0]!.id)];
    let body = '';
    for (let i = 0; i < form.length; i += 2) body += `--${boundary}\r\nContent-Disposition: form-data; name="${form[i]}"\r\n\r\n${form[i + 1]}\r\n`;
    body += `--${boundary}--\r\n`;
    const postedAt = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${server.url}/api/tasks`, { method: 'POST', headers: { authorization: `Bearer ${teacherToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`task: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
    while (broadcastArrived.length < LISTENERS && Date.now() < deadline + 30_000) await sleep(50);
    const broadcast = broadcastArrived.map((at) => at - postedAt).sort((a, b) => a - b);

    return {
      dialect,
      streams: streams.length,
      rssIdleMb: Math.round(rssIdleMb),
      rssStreamsMb: Math.round(rssStreamsMb),
      idleCpuPercent: Math.round(idleCpuPercent * 10) / 10,
      verdictP50Ms: Math.round(pct(verdicts, 50)),
      verdictP99Ms: Math.round(pct(verdicts, 99)),
      broadcastP50Ms: Math.round(pct(broadcast, 50)),
      broadcastP99Ms: Math.round(pct(broadcast, 99)),
    };
  } finally {
    for (const s of streams) s.close();
    await server.stop();
    await seeded.drop();
  }
}

/** The bench line for the report. */
export const liveLine = (r: LiveBenchResult) =>
  `live (${r.dialect}): ${r.streams} open streams, RSS ${r.rssIdleMb} → ${r.rssStreamsMb} MB, idle CPU ${r.idleCpuPercent} % of a core; verdict → its student among ${LISTENERS} listening p50 ${r.verdictP50Ms} ms / p99 ${r.verdictP99Ms} ms; new task → ${LISTENERS} streams p50 ${r.broadcastP50Ms} ms / p99 ${r.broadcastP99Ms} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialects: ('sqlite' | 'postgres')[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const dialect of dialects) console.log(liveLine(await benchLive(dialect)));
}
