/**
 * `npm run bench:bulk-review`: one verdict for a whole class at once (PRODUCT.md §15, issue 25).
 * A group of 200 students, each with a typed answer waiting on every one of `--rounds` tasks; each
 * round is one POST /api/solutions/review of the 200 answers to one task (one write, then a
 * notification and a live event per student, and their achievements). Reports the bulk verdict's
 * p50/p99 over the rounds, and a student of the same group reading GET /api/tasks/mine while the
 * rounds run (one a second by default), against the same read quiet and against the bare node:http baseline
 * answering the same bytes (the reads' budget: ≥ 60 % of the baseline, p99 ≤ 50 ms).
 *
 *   npm run bench:bulk-review -- --db sqlite|postgres --rounds 20 --readers 64 [--every MS] [--cpu-prof DIR]
 *   (--every: ms between the starts of two bulk verdicts, default 1000; 0 runs them back to back)
 *
 * Starts the server from source (tsx) unless BENCH_SERVER_ENTRY names another entry (a build, or
 * another tree's src/server.ts to compare), so a shared machine's rebuilds of apps/server/dist do
 * not change what is measured. Prints; writes no report.
 */
import { sql } from 'kysely';
import { REVIEW_MANY_MAX } from '@mathclub/shared';
import { createDb } from '../apps/server/src/db/database.js';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { BASELINE_PORT, BROWSER_ACCEPT_ENCODING, login, PASSWORD, prepare, SERVER_PORT, type PreparedDb } from './harness.js';
import { baselineAnswer, CONNECTIONS, probe, runLoad, startBaseline, startServer, type RequestSpec, type RunningServer } from './load.js';

const STUDENTS = REVIEW_MANY_MAX;

interface BulkGroup {
  teacherLogin: string;
  studentLogin: string;
  /** Per task, oldest first: the ids of its 200 waiting answers. */
  rounds: number[][];
}

/** The group, straight through Kysely (as seed.ts does): 200 students, `tasks` tasks, an answer of each student to each task, all waiting. */
async function seedBulkGroup(prepared: PreparedDb, passwordHash: string, tasks: number): Promise<BulkGroup> {
  const database = createDb(prepared.env.DATABASE_URL!);
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  try {
    const group = await database.db.transaction().execute(async (trx) => {
      const group = await trx.insertInto('groups').values({ name: 'Bulk review 200', name_key: 'bulk review 200', created_at: at(now - 10 * 86_400_000) }).returning('id').executeTakeFirstOrThrow();
      const user = (loginName: string, role: 'student' | 'teacher', name: string) => ({
        login: loginName,
        login_key: loginName,
        password_hash: passwordHash,
        name,
        role,
        activated: 1,
        grade: role === 'student' ? 8 : null,
        grade_letter: role === 'student' ? 'Б' : null,
        created_at: at(now - 10 * 86_400_000),
        updated_at: at(now - 10 * 86_400_000),
      });
      const teacher = await trx.insertInto('users').values(user('bulk-teacher', 'teacher', 'Bulk Teacher') as never).returning('id').executeTakeFirstOrThrow();
      const students = (
        await trx
          .insertInto('users')
          .values(Array.from({ length: STUDENTS }, (_, s) => user(`bulk-student-${s}`, 'student', `Учень ${String(s).padStart(3, '0')}`)) as never)
          .returning('id')
          .execute()
      ).map((r) => r.id);
      await trx.insertInto('user_groups').values([teacher.id, ...students].map((id) => ({ user_id: id, group_id: group.id }))).execute();
      const rounds: number[][] = [];
      for (let t = 0; t < tasks; t++) {
        const task = await trx
          .insertInto('tasks')
          .values({ title: `Bulk ${t + 1}`, text: 'Find $x$.', level: 'beginner', points: 2, group_id: group.id, author_id: teacher.id, created_at: at(now - 5 * 86_400_000 + t * 60_000), deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const rows = students.map((studentId, s) => ({
          task_id: task.id,
          author_id: studentId,
          answer: s % 3 === 0 ? 'x = 2' : '2',
          image_key: null,
          reviewed: 0,
          correct: 0,
          feedback: null,
          created_at: at(now - 4 * 86_400_000 + t * 3_600_000 + s * 1000),
          reviewed_at: null,
          reviewer_id: null,
        }));
        rounds.push((await trx.insertInto('solutions').values(rows).returning('id').execute()).map((r) => r.id));
      }
      return { teacherLogin: 'bulk-teacher', studentLogin: 'bulk-student-0', rounds };
    });
    // As prepare() does after its seeding: statistics that know these rows, no dead versions.
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    return group;
  } finally {
    await database.destroy();
  }
}

const pct = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

interface Reads {
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  failed: number;
}

/**
 * `readers` connections of autocannon reading back to back for `seconds` or until `until` settles.
 * Until 2026-11-28 this was a loop of node:http requests in the bench's own process: that client
 * topped out near the quiet server's rate, so on SQLite the quiet server "outran" the baseline and
 * the ratio was refused. autocannon is the client every other line uses.
 */
async function readLoad(url: string, spec: RequestSpec, readers: number, until: Promise<unknown> | number): Promise<Reads> {
  const r = await runLoad(url, spec, { connections: readers, ...(typeof until === 'number' ? { seconds: until } : { until }) });
  return { perSecond: r.requestsPerSecond, p50: r.p50, p99: r.p99, count: r.total, failed: r.errors + r.timeouts + r.non2xx };
}

export interface BulkReviewLine {
  dialect: string;
  rounds: number;
  bulk: { p50: number; p99: number; max: number };
  baseline: Reads;
  quiet: Reads;
  during: Reads;
}

/**
 * How often a bulk verdict starts (ms): one a second is a school's 24 teachers each judging a
 * whole class of 200 at once every 24 s, far more than teachers do (one such verdict per task,
 * minutes apart). 0: back to back, as until 2026-11-27 — a saturation test in which the verdicts
 * take what share of the event loop they can and the reads get the rest.
 */
export const BULK_VERDICT_EVERY_MS = 1000;

export async function bulkReviewLine(server: RunningServer, dialect: string, group: BulkGroup, readers: number, quietSeconds: number, everyMs = BULK_VERDICT_EVERY_MS): Promise<BulkReviewLine> {
  const teacher = (await login(server.url, group.teacherLogin)).token;
  const student = (await login(server.url, group.studentLogin)).token;
  const read: RequestSpec = { method: 'GET', path: '/api/tasks/mine', headers: { authorization: `Bearer ${student}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING } };
  const bulk = (ids: number[], correct: boolean): RequestSpec => ({
    method: 'POST',
    path: '/api/solutions/review',
    headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids, correct, feedback: correct ? 'Well done' : 'Check the sign' }),
  });
  const judge = async (ids: number[], correct: boolean) => {
    const started = performance.now();
    const answer = await probe(server.url, bulk(ids, correct));
    if (answer.status !== 200) throw new Error(`bulk verdict: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    return performance.now() - started;
  };

  // Warm-up: the first round (its time is not counted) and a few hundred reads.
  const [warmIds, ...measured] = group.rounds;
  await judge(warmIds!, true);
  await readLoad(server.url, read, readers, 2);

  // The baseline measured before the quiet run and again after the rounds, and the mean of the two
  // taken: on this shared machine the same bare server moved by half between two minutes.
  const sample = await probe(server.url, read);
  const measureBaseline = async () => {
    const baselineServer = await startBaseline(baselineAnswer(read, sample), BASELINE_PORT);
    try {
      await readLoad(baselineServer.url, read, readers, 1);
      return await readLoad(baselineServer.url, read, readers, quietSeconds);
    } finally {
      await baselineServer.stop();
    }
  };
  const baselineBefore = await measureBaseline();
  const quiet = await readLoad(server.url, read, readers, quietSeconds);

  // The rounds, one every `everyMs` (or back to back), while the student's classmates keep reading.
  const times: number[] = [];
  const rounds = (async () => {
    for (const [r, ids] of measured.entries()) {
      const time = await judge(ids, r % 4 !== 3);
      times.push(time);
      if (everyMs > time && r < measured.length - 1) await new Promise((resolve) => setTimeout(resolve, everyMs - time));
    }
  })();
  const during = await readLoad(server.url, read, readers, rounds);
  await rounds;
  const baselineAfter = await measureBaseline();
  const baseline: Reads = {
    perSecond: Math.round((baselineBefore.perSecond + baselineAfter.perSecond) / 2),
    p50: Math.max(baselineBefore.p50, baselineAfter.p50),
    p99: Math.max(baselineBefore.p99, baselineAfter.p99),
    count: baselineBefore.count + baselineAfter.count,
    failed: baselineBefore.failed + baselineAfter.failed,
  };
  times.sort((a, b) => a - b);

  const line: BulkReviewLine = { dialect, rounds: times.length, bulk: { p50: pct(times, 50), p99: pct(times, 99), max: times.at(-1)! }, baseline, quiet, during };
  const share = (r: Reads) => `${Math.round((100 * r.perSecond) / baseline.perSecond)} % of the baseline`;
  console.log(`  bulk verdict of ${STUDENTS} solutions, ${line.rounds} rounds ${everyMs > 0 ? `one every ${everyMs} ms` : 'back to back'}: p50 ${ms(line.bulk.p50)} ms, p99 ${ms(line.bulk.p99)} ms, max ${ms(line.bulk.max)} ms`);
  console.log(`  GET /api/tasks/mine (${readers} readers): baseline ${baseline.perSecond} req/s p50 ${ms(baseline.p50)} ms p99 ${ms(baseline.p99)} ms (before ${baselineBefore.perSecond}, after ${baselineAfter.perSecond})`);
  console.log(`    quiet           ${quiet.perSecond} req/s p50 ${ms(quiet.p50)} ms p99 ${ms(quiet.p99)} ms (${share(quiet)})`);
  console.log(
    `    during the bulk ${during.perSecond} req/s p50 ${ms(during.p50)} ms p99 ${ms(during.p99)} ms (${share(during)}, ${Math.round((100 * during.perSecond) / quiet.perSecond)} % of quiet), ` +
      `${during.failed + quiet.failed} failed; budget ≥ 60 % and p99 ≤ 50 ms: ${
        // The server cannot outrun a bare server sending the same bytes: above it, this one client is the limit (compare.ts refuses such ratios too).
        quiet.perSecond > baseline.perSecond ? 'invalid (the server quiet outran the baseline: the client is the limit; compare with quiet)' : during.perSecond >= 0.6 * baseline.perSecond && during.p99 <= 50 ? 'within' : 'OVER'
      }`,
  );
  return line;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
  const scale = Number(cliArg('scale', '0.05'));
  const rounds = Number(cliArg('rounds', '20'));
  // 64, as the read budget is stated for (bench/README.md); fewer measure a latency-bound client.
  const readers = Number(cliArg('readers', String(CONNECTIONS)));
  const quietSeconds = Number(cliArg('seconds', '5'));
  const everyMs = Number(cliArg('every', String(BULK_VERDICT_EVERY_MS)));
  const profileDir = cliArg('cpu-prof', '');
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const hash = await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD);
  const prepared = await prepare(dialect, scale, hash);
  const group = await seedBulkGroup(prepared, hash, rounds + 1);
  process.env.BENCH_SERVER_ENTRY ??= 'apps/server/src/server.ts';
  const entry = process.env.BENCH_SERVER_ENTRY;
  // A TypeScript entry (the default: this tree's source) runs under tsx.
  const server = await startServer(prepared.env, SERVER_PORT, [
    ...(entry.endsWith('.ts') ? ['--import', 'tsx', '--conditions=source'] : []),
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
  ]);
  try {
    console.log(`\n[${dialect}] bulk review (server ${entry}), load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    await bulkReviewLine(server, dialect, group, readers, quietSeconds, everyMs);
    console.log(`  load average after: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await server.stop();
    await prepared.drop();
  }
}
