/**
 * What every bench script shares: a seeded database per engine, signing in, and measuring one
 * endpoint against the node:http baseline with the server's (and PostgreSQL's) CPU per request.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { cliArg } from './cli.js';
import { compareRuns, cpuCeiling, formatFirstRequests, formatGeneratorShares, formatRatio, median, type Comparison } from './compare.js';
import { baselineAnswer, CONNECTIONS, probe, runLoad, startBaseline, textAnswerSpec, type LoadResult, type RequestSource, type RequestSpec, type RunningServer } from './load.js';
import type { EndpointResult } from './report.js';
import { seedSchool, type SeededSchool } from './seed.js';

export const PASSWORD = 'bench-password-1';
/** What Chromium sends: the API answers it with brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** BENCH_PORT moves both (the server's, and the next for the baseline) when 3900 is taken on a shared machine. */
export const SERVER_PORT = Number(process.env.BENCH_PORT ?? 3900);
export const BASELINE_PORT = SERVER_PORT + 1;
export const ROOT = path.resolve(import.meta.dirname, '..');
export const WORK = path.join(ROOT, 'bench', 'results');

export interface PreparedDb {
  env: Record<string, string>;
  school: SeededSchool;
  drop: () => Promise<void>;
}

/** A fresh, migrated, seeded database: SQLite under bench/results, or a new PostgreSQL database. */
export async function prepare(dialect: 'sqlite' | 'postgres', scale: number, passwordHash: string): Promise<PreparedDb> {
  const name = `${dialect}-${scale}`;
  const dataDir = path.join(WORK, `data-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let url = `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`;
  let drop = async () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'postgres') {
    const adminUrl = process.env.DATABASE_URL!;
    const dbName = `mathclub_bench_${String(scale).replace('.', '_')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
    const removeDir = drop;
    drop = async () => {
      await removeDir();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    };
  }
  const database = createDb(url);
  await migrateToLatest(database);
  const school = await seedSchool(database.db, scale, passwordHash);
  // Fresh statistics and no dead rows, as autovacuum would have them on a school's long-running
  // database: seeding moves the change counters about 930,000 times, and without a vacuum every
  // counter read walked ~30 dead versions (1,010 buffers for 30 accounts' group counters, not 120).
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  await database.destroy();
  console.log(`  seeded ${name}: ${school.students} students, ${school.tasks} tasks, ${school.solutions} solutions in ${school.seconds.toFixed(1)} s`);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' }, school, drop };
}

export async function login(url: string, loginName: string): Promise<{ token: string; user: unknown }> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: loginName, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login ${loginName}: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  const user = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString('utf8'));
  return { token: access_token, user };
}

/**
 * Waits until the server has finished what an earlier run left queued (autocannon stops sending,
 * but e.g. login's argon2 hashes already accepted keep the CPU busy for seconds), so that work is
 * not billed to the next endpoint.
 */
/**
 * Text answers that warm the write path before a write line (seed.ts, WARMUP_GROUP), each
 * (student, task) pair once: `count` of them. Warmed with 800 answers, the text answers' line was
 * measured while V8 was still compiling the path: the same 1,000 answers measured twice in a row
 * cost the server 0.77 and then 0.41 ms of CPU each (PostgreSQL, 2026-11-28), and V8's background
 * threads used as much CPU as the main thread during the first.
 */
export async function writeWarmup(url: string, school: SeededSchool): Promise<{ source: RequestSource; count: number }> {
  const { studentLogins, openTaskIds } = school.warmupGroup;
  const tokens = await Promise.all(studentLogins.map(async (l) => (await login(url, l)).token));
  const pairs = tokens.flatMap((token) => openTaskIds.map((taskId) => ({ token, taskId })));
  let cursor = 0;
  return { source: { next: () => textAnswerSpec(pairs[cursor++ % pairs.length]!) }, count: pairs.length };
}

export async function untilIdle(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = server.cpuMs();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = server.cpuMs();
    if (now - last <= 50) return;
    last = now;
  }
}

export interface RunOptions {
  seconds: number;
  /** A fixed number of requests per run instead of a duration (writes that must not repeat). */
  amount?: number;
  dialect?: 'sqlite' | 'postgres';
  /** Server and baseline runs, interleaved (server, baseline, server, baseline, …). */
  pairs?: number;
  /** Warm-up requests each side gets before the first measured run (default WARMUP_REQUESTS). */
  warmup?: number;
}

/** Runs one side's measured run and what it cost: that process's (and PostgreSQL's) CPU. */
async function measuredRun(target: RunningServer, spec: RequestSpec | RequestSource, options: { seconds?: number; amount?: number; connections?: number }, dialect?: 'sqlite' | 'postgres') {
  const cpuBefore = target.cpuMs();
  const dbCpuBefore = dialect === 'postgres' ? postgresCpuMs() : undefined;
  // autocannon runs in this process: its CPU over the run's wall time says whether it was the limit.
  const generatorBefore = process.cpuUsage();
  const result = await runLoad(target.url, spec, options);
  const generator = process.cpuUsage(generatorBefore);
  const generatorShare = (generator.user + generator.system) / 1000 / (result.seconds * 1000);
  return { result, cpuMs: target.cpuMs() - cpuBefore, databaseCpuMs: dbCpuBefore ? postgresCpuMsSince(dbCpuBefore) : undefined, generatorShare };
}

/** The runs of one side, folded into one line: the median req/s, the worst p99, every error. */
export function foldRuns(runs: LoadResult[]): LoadResult {
  const withFirst = runs.map((r) => r.firstRequests).filter((f) => f.n > 0);
  return {
    requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
    p50: median(runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    total: runs.reduce((n, r) => n + r.total, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    firstRequests: {
      n: withFirst.reduce((n, f) => n + f.n, 0),
      p50: median(withFirst.map((f) => f.p50)),
      p99: withFirst.length ? Math.max(...withFirst.map((f) => f.p99)) : Number.NaN,
      max: withFirst.length ? Math.max(...withFirst.map((f) => f.max)) : Number.NaN,
    },
  };
}

export interface Interleaved {
  target: LoadResult;
  baseline: LoadResult;
  comparison: Comparison;
  /** Per answered request, over all the target's runs. */
  cpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
  baselineCpuMsPerRequest?: number;
}

/**
 * The comparison every line uses: both processes warmed with the same requests, then measured in
 * turn for the same duration with the same connections (target, baseline, baseline, target, …),
 * the median taken per side. `target` is the real server, or for the self-check a second baseline.
 */
export async function interleave(
  target: RunningServer,
  baseline: RunningServer,
  spec: { target: RequestSpec | RequestSource; baseline: RequestSpec | RequestSource; warmup?: RequestSpec | RequestSource },
  run: RunOptions & { connections?: number; beforeTargetRun?: () => Promise<void> },
): Promise<Interleaved> {
  const options = run.amount ? { amount: run.amount, connections: run.connections } : { seconds: run.seconds, connections: run.connections };
  const warmup = run.warmup ?? WARMUP_REQUESTS;
  // Reads are warmed up first (JIT, caches), the baseline with the very same requests, at the
  // run's connections: with 300 requests at 8 connections the first measured run of each line
  // still came out 2-7x below the next (autocannon's own code, in this process, was cold too),
  // and since the server runs first in each pair that penalised the server side only.
  if (spec.warmup && warmup > 0) {
    await runLoad(target.url, spec.warmup, { amount: warmup, connections: run.connections ?? CONNECTIONS });
    await runLoad(baseline.url, spec.warmup, { amount: warmup, connections: run.connections ?? CONNECTIONS });
  }
  const targetRuns: Awaited<ReturnType<typeof measuredRun>>[] = [];
  const baselineRuns: Awaited<ReturnType<typeof measuredRun>>[] = [];
  const runTarget = async () => {
    await untilIdle(target);
    await run.beforeTargetRun?.();
    targetRuns.push(await measuredRun(target, spec.target, options, run.dialect));
  };
  const runBaseline = async () => {
    await untilIdle(target);
    baselineRuns.push(await measuredRun(baseline, spec.baseline, options));
  };
  // Each pair in the opposite order of the one before (server, baseline, baseline, server, …): on
  // a machine getting busier or quieter during a line, the first run of every pair is favoured,
  // and the self-check at a steadily rising load average showed server-first pairs reading 121 %.
  for (let i = 0; i < (run.pairs ?? DEFAULT_PAIRS); i++) {
    if (i % 2 === 0) {
      await runTarget();
      await runBaseline();
    } else {
      await runBaseline();
      await runTarget();
    }
  }
  const total = (runs: typeof targetRuns) => runs.reduce((n, r) => n + r.result.total, 0);
  const perRequest = (runs: typeof targetRuns, pick: (r: (typeof targetRuns)[number]) => number | undefined) => {
    const requests = total(runs);
    if (!requests || runs.some((r) => pick(r) === undefined)) return undefined;
    return runs.reduce((n, r) => n + pick(r)!, 0) / requests;
  };
  const cpuMsPerRequest = perRequest(targetRuns, (r) => r.cpuMs);
  const databaseCpuMsPerRequest = perRequest(targetRuns, (r) => r.databaseCpuMs);
  const baselineCpuMsPerRequest = perRequest(baselineRuns, (r) => r.cpuMs);
  return {
    target: foldRuns(targetRuns.map((r) => r.result)),
    baseline: foldRuns(baselineRuns.map((r) => r.result)),
    comparison: compareRuns(
      targetRuns.map((r) => r.result.requestsPerSecond),
      baselineRuns.map((r) => r.result.requestsPerSecond),
      { serverRuns: targetRuns.map((r) => r.generatorShare), baselineRuns: baselineRuns.map((r) => r.generatorShare) },
    ),
    ...(cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest }),
    ...(databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest }),
    ...(baselineCpuMsPerRequest === undefined ? {} : { baselineCpuMsPerRequest }),
  };
}

/** Warm-up requests each side gets before a line's first measured run (reads). */
export const WARMUP_REQUESTS = 3000;

/**
 * Pairs of (server, baseline) runs per line unless `--pairs` says otherwise, and seconds per run
 * unless `--seconds` does: five pairs of 3 s rather than two of 8, since the ratio is the median
 * of the pairs' ratios and the machine's state changes within seconds (see `pairedRatio`).
 */
export const DEFAULT_PAIRS = Number(cliArg('pairs', '5'));
export const DEFAULT_SECONDS = 3;

const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(3));
/** The load generator's share of a core in each side's runs, and a mark when it was the limit. */
const generatorText = (c: Comparison): string =>
  c.generatorShares ? `  generator ${formatGeneratorShares(c)} of a core${c.clientBound ? ' (client-bound)' : ''}` : '';

/** Measures one endpoint on the real server against the same bytes from the baseline process. */
export async function measure(
  server: RunningServer,
  name: string,
  spec: RequestSpec | { next: () => RequestSpec; sample: RequestSpec },
  run: RunOptions,
  /** Writes' own warm-up (reads warm up with `spec` itself): requests that are not measured. */
  writeWarmup?: RequestSource,
): Promise<EndpointResult> {
  await untilIdle(server);
  const sampleSpec = 'next' in spec ? spec.sample : spec;
  const answer = await probe(server.url, sampleSpec);
  const baseline = await startBaseline(baselineAnswer(sampleSpec, answer), BASELINE_PORT);
  try {
    const r = await interleave(server, baseline, { target: spec, baseline: sampleSpec, ...(sampleSpec.method === 'GET' ? { warmup: sampleSpec } : writeWarmup ? { warmup: writeWarmup } : {}) }, run);
    const ceiling = cpuCeiling(r.cpuMsPerRequest, r.databaseCpuMsPerRequest);
    console.log(
      `  ${name.padEnd(40)} ${String(r.target.requestsPerSecond).padStart(6)} req/s  p50 ${r.target.p50} ms  p99 ${r.target.p99} ms  errors ${r.target.errors + r.target.non2xx}  CPU ${ms(r.cpuMsPerRequest)} ms/req${r.databaseCpuMsPerRequest === undefined ? '' : ` + PostgreSQL ${ms(r.databaseCpuMsPerRequest)}`} (ceiling ${ceiling ?? '–'})  ${formatRatio(r.comparison)} of baseline ${r.baseline.requestsPerSecond} [${r.comparison.serverRuns.join(', ')} | ${r.comparison.baselineRuns.join(', ')}]${generatorText(r.comparison)}`,
    );
    console.log(`    first request on each new connection: ${formatFirstRequests(r.target.firstRequests)}`);
    return {
      name,
      real: r.target,
      baseline: r.baseline,
      ratio: r.comparison.ratio,
      comparison: r.comparison,
      ...(r.cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: r.cpuMsPerRequest }),
      ...(r.databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest: r.databaseCpuMsPerRequest }),
      ...(r.baselineCpuMsPerRequest === undefined ? {} : { baselineCpuMsPerRequest: r.baselineCpuMsPerRequest }),
      ...(ceiling === undefined ? {} : { ceilingRequestsPerSecond: ceiling }),
      responseBytes: answer.body.length,
      ...(answer.contentEncoding ? { contentEncoding: answer.contentEncoding } : {}),
      probeStatus: answer.status,
    };
  } finally {
    await baseline.stop();
  }
}

/**
 * Median latency of one read made right after a write (a group rename), when no cached answer can
 * be used: what the first student to open the page after a review waits.
 */
export async function afterWrite(url: string, teacherToken: string, groupId: number, path: string, readerToken: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const rename = await fetch(`${url}/api/groups/${groupId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
      body: JSON.stringify({ name: `Olympiad 50×200 (${i % 2})` }),
    });
    if (!rename.ok) throw new Error(`rename: ${rename.status}`);
    const started = performance.now();
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${readerToken}` } });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}


/**
 * CPU time (user + system, ms) of each PostgreSQL process on this machine (the server and its
 * backends), by pid. On a shared 2-core box the database's share of each request is part of the
 * story.
 */
export function postgresCpuMs(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return byPid;
}

/** CPU PostgreSQL used since `before`; a backend that ended in between is not counted, so never negative. */
export function postgresCpuMsSince(before: Map<string, number>): number {
  let ms = 0;
  for (const [pid, now] of postgresCpuMs()) ms += now - (before.get(pid) ?? 0);
  return ms;
}
