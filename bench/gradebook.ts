/**
 * The gradebook (PRODUCT.md §11, issue 17) under load: the 50 × 200 group of the seeded school and
 * a 200-student × 500-task group added here (100,000 cells), each read by 16 connections with a
 * browser's Accept-Encoding, warm, and right after a write (a teacher's verdict in that group, so
 * no cached answer can be used). Budget (bench/README.md): p99 ≤ 50 ms at 16 connections.
 *
 *   npm run bench:gradebook -- --db sqlite --seconds 5
 *   (build the server first: npm run build -w @mathclub/shared -w @mathclub/server)
 */
import { createDb } from '../apps/server/src/db/database.js';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { BROWSER_ACCEPT_ENCODING, login, PASSWORD, prepare, SERVER_PORT, type PreparedDb } from './harness.js';
import { BUDGET } from './report.js';
import { probe, runLoad, startServer, type LoadResult, type RequestSpec, type RunningServer } from './load.js';

export const BUDGET_P99_MS = BUDGET.gradebookP99Ms;
const CONNECTIONS = 16;
const LARGE = { students: 200, tasks: 500 } as const;

export interface GradebookLine {
  group: string;
  cells: number;
  bytes: number;
  encodedBytes: number;
  warm: { requestsPerSecond: number; p50: number; p99: number; errors: number };
  /** The first read after each of `samples` verdicts, alone on the server. */
  afterWrite: { p50: number; p99: number; max: number; samples: number };
  /** 16 connections reading while the teacher gives a verdict every 250 ms. */
  underWrites: { requestsPerSecond: number; p50: number; p99: number; errors: number; writes: number };
}

/**
 * Adds the 200 × 500 group straight through Kysely (as seed.ts does): every student has answered
 * about 60 % of the tasks (first try correct, a failed try then a correct one, or waiting).
 */
export async function seedLargeGroup(prepared: PreparedDb, passwordHash: string): Promise<{ id: number; teacherLogin: string }> {
  const database = createDb(prepared.env.DATABASE_URL!);
  const db = database.db;
  const started = performance.now();
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  try {
    const seeded = await db.transaction().execute(async (trx) => {
      const group = await trx.insertInto('groups').values({ name: 'Gradebook 200×500', name_key: 'gradebook 200×500', created_at: at(now - 60 * 86_400_000) }).returning('id').executeTakeFirstOrThrow();
      const user = (login: string, role: 'student' | 'teacher', name: string) => ({
        login,
        login_key: login,
        password_hash: passwordHash,
        name,
        role,
        activated: 1,
        grade: role === 'student' ? 9 : null,
        grade_letter: role === 'student' ? 'А' : null,
        created_at: at(now - 60 * 86_400_000),
        updated_at: at(now - 60 * 86_400_000),
      });
      const teacher = await trx.insertInto('users').values(user('gradebook-teacher', 'teacher', 'Gradebook Teacher') as never).returning('id').executeTakeFirstOrThrow();
      const students: number[] = [];
      for (let s = 0; s < LARGE.students; s += 100) {
        const rows = Array.from({ length: Math.min(100, LARGE.students - s) }, (_, k) => user(`gradebook-student-${s + k}`, 'student', `Учень ${String(s + k).padStart(3, '0')}`));
        students.push(...(await trx.insertInto('users').values(rows as never).returning('id').execute()).map((r) => r.id));
      }
      await trx.insertInto('user_groups').values([teacher.id, ...students].map((id) => ({ user_id: id, group_id: group.id }))).execute();
      const tasks: number[] = [];
      for (let t = 0; t < LARGE.tasks; t += 100) {
        const rows = Array.from({ length: Math.min(100, LARGE.tasks - t) }, (_, k) => ({
          title: `Task ${t + k + 1}`,
          text: 'Find $x$.',
          level: 'beginner',
          points: 1 + ((t + k) % 5),
          group_id: group.id,
          author_id: teacher.id,
          created_at: at(now - 50 * 86_400_000 + (t + k) * 60_000),
          deleted_at: null,
        }));
        tasks.push(...(await trx.insertInto('tasks').values(rows).returning('id').execute()).map((r) => r.id));
      }
      return { group, teacher, students, tasks };
    });
    const { group, teacher, students, tasks } = seeded;
    let batch: object[] = [];
    let count = 0;
    // A transaction per 2,000 answers: each answer moves its group's change counters (triggers), and
    // on PostgreSQL a row updated again and again in one transaction keeps a chain of versions that
    // each update walks: all 80,000 in one took 245-391 s, quadratic in the answers.
    const flush = async () => {
      for (let i = 0; i < batch.length; i += 2_000) {
        const slice = batch.slice(i, i + 2_000);
        await db.transaction().execute(async (trx) => {
          for (let j = 0; j < slice.length; j += 500) await trx.insertInto('solutions').values(slice.slice(j, j + 500) as never).execute();
        });
      }
      count += batch.length;
      batch = [];
    };
    for (const [s, studentId] of students.entries()) {
      for (const [t, taskId] of tasks.entries()) {
        const kind = (s * 7 + t * 13) % 10;
        if (kind >= 6) continue;
        const time = now - 40 * 86_400_000 + t * 3_600_000 + s * 1000;
        const solution = (offset: number, reviewed: number, correct: number) => ({
          task_id: taskId,
          author_id: studentId,
          answer: 'x = 1',
          image_key: null,
          reviewed,
          correct,
          feedback: null,
          created_at: at(time + offset),
          reviewed_at: reviewed ? at(time + offset + 60_000) : null,
          reviewer_id: reviewed ? teacher.id : null,
        });
        if (kind <= 2) batch.push(solution(0, 1, 1));
        else if (kind <= 4) batch.push(solution(0, 1, 0), solution(600_000, 1, 1));
        else batch.push(solution(0, 0, 0));
      }
      if (batch.length >= 10_000) await flush();
    }
    await flush();
    console.log(`  seeded the ${LARGE.students} × ${LARGE.tasks} group: ${count} solutions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { id: group.id, teacherLogin: 'gradebook-teacher' };
  } finally {
    await database.destroy();
  }
}

/** Solutions of the group waiting for review: a teacher's verdict on one is the write. */
async function waitingIds(url: string, token: string, groupId: number): Promise<number[]> {
  const res = await fetch(`${url}/api/solutions?reviewed=false`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { id: number; taskId: number }[];
  const book = (await (await fetch(`${url}/api/groups/${groupId}/gradebook`, { headers: { authorization: `Bearer ${token}` } })).json()) as { tasks: { id: number }[] };
  const ids = new Set(book.tasks.map((t) => t.id));
  return list.filter((s) => ids.has(s.taskId)).map((s) => s.id);
}

const verdict = (token: string, id: number, correct: boolean): RequestSpec => ({
  method: 'PUT',
  path: `/api/solutions/${id}`,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ reviewed: true, correct }),
});

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A teacher's warm reads of a group's gradebook at 16 connections (the growth points measure it alone). */
export async function warmGradebook(server: RunningServer, groupId: number, teacherLogin: string, seconds: number): Promise<LoadResult> {
  const { token } = await login(server.url, teacherLogin);
  const read: RequestSpec = { method: 'GET', path: `/api/groups/${groupId}/gradebook`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING } };
  await runLoad(server.url, read, { amount: 300, connections: CONNECTIONS });
  return runLoad(server.url, read, { seconds, connections: CONNECTIONS });
}

/** One group's line: warm load, first reads after writes, and load while writes keep coming. */
export async function gradebookLine(server: RunningServer, name: string, groupId: number, teacherLogin: string, seconds: number): Promise<GradebookLine> {
  const { token } = await login(server.url, teacherLogin);
  const read: RequestSpec = { method: 'GET', path: `/api/groups/${groupId}/gradebook`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING } };
  const plain = await probe(server.url, { ...read, headers: { authorization: `Bearer ${token}` } });
  if (plain.status !== 200) throw new Error(`${name}: ${plain.status}`);
  const book = JSON.parse(plain.body.toString('utf8')) as { cells: unknown[] };
  const encoded = await probe(server.url, read);
  await runLoad(server.url, read, { amount: 300, connections: CONNECTIONS });
  const warm = await runLoad(server.url, read, { seconds, connections: CONNECTIONS });

  const waiting = await waitingIds(server.url, token, groupId);
  const times: number[] = [];
  for (let i = 0; i < 15 && waiting.length > 0; i++) {
    const w = await probe(server.url, verdict(token, waiting.shift()!, i % 2 === 0));
    if (w.status !== 200) throw new Error(`${name} verdict: ${w.status}`);
    const started = performance.now();
    const r = await probe(server.url, read);
    times.push(performance.now() - started);
    if (r.status !== 200) throw new Error(`${name} after write: ${r.status}`);
  }
  times.sort((a, b) => a - b);

  // Load with writes: a verdict every 250 ms while 16 connections read.
  let writes = 0;
  const timer = setInterval(() => {
    const id = waiting.shift();
    if (id === undefined) return;
    writes++;
    void probe(server.url, verdict(token, id, true));
  }, 250);
  const underWrites = await runLoad(server.url, read, { seconds, connections: CONNECTIONS }).finally(() => clearInterval(timer));

  const line: GradebookLine = {
    group: name,
    cells: book.cells.length,
    bytes: plain.body.length,
    encodedBytes: encoded.body.length,
    warm: { requestsPerSecond: warm.requestsPerSecond, p50: warm.p50, p99: warm.p99, errors: warm.errors + warm.non2xx },
    afterWrite: { p50: pct(times, 50), p99: pct(times, 99), max: times.at(-1) ?? 0, samples: times.length },
    underWrites: { requestsPerSecond: underWrites.requestsPerSecond, p50: underWrites.p50, p99: underWrites.p99, errors: underWrites.errors + underWrites.non2xx, writes },
  };
  const verdictOf = (p99: number) => (p99 <= BUDGET_P99_MS ? 'within' : 'OVER');
  console.log(
    `  gradebook ${name.padEnd(10)} ${String(line.cells).padStart(6)} cells ${line.bytes} B (${encoded.contentEncoding ?? 'plain'} ${line.encodedBytes} B): ` +
      `warm ${line.warm.requestsPerSecond} req/s p50 ${line.warm.p50} ms p99 ${line.warm.p99} ms (${verdictOf(line.warm.p99)} ${BUDGET_P99_MS}); ` +
      `first read after a verdict p50 ${line.afterWrite.p50.toFixed(1)} ms p99 ${line.afterWrite.p99.toFixed(1)} ms; ` +
      `with a verdict every 250 ms ${line.underWrites.requestsPerSecond} req/s p50 ${line.underWrites.p50} ms p99 ${line.underWrites.p99} ms (${verdictOf(line.underWrites.p99)} ${BUDGET_P99_MS}), errors ${line.warm.errors + line.underWrites.errors}`,
  );
  return line;
}

/** Both gradebook lines on a prepared, running server. */
export async function gradebookLines(server: RunningServer, prepared: PreparedDb, large: { id: number; teacherLogin: string }, seconds: number): Promise<GradebookLine[]> {
  return [
    await gradebookLine(server, '50 × 200', prepared.school.bigGroup.id, prepared.school.bigGroup.teacherLogin, seconds),
    await gradebookLine(server, '200 × 500', large.id, large.teacherLogin, seconds),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
  const scale = Number(cliArg('scale', '0.1'));
  const seconds = Number(cliArg('seconds', '5'));
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const hash = await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD);
  const prepared = await prepare(dialect, scale, hash);
  const large = await seedLargeGroup(prepared, hash);
  const server = await startServer(prepared.env, SERVER_PORT);
  try {
    console.log(`\n[${dialect}] gradebook, ${CONNECTIONS} connections, ${seconds} s per run`);
    await gradebookLines(server, prepared, large, seconds);
  } finally {
    await server.stop();
    await prepared.drop();
  }
}
