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
import { probe, runLoad, withBaseline, type RequestSpec, type RunningServer } from './load.js';
import type { EndpointResult } from './report.js';
import { seedSchool, type SeededSchool } from './seed.js';

export const PASSWORD = 'bench-password-1';
/** What Chromium sends: the API answers it with brotli. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const SERVER_PORT = 3900;
export const BASELINE_PORT = 3901;
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
  // Fresh statistics, as autovacuum would have them on a school's long-running database.
  if (dialect === 'postgres') await sql`analyze`.execute(database.db);
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
async function untilIdle(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = server.cpuMs();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = server.cpuMs();
    if (now - last <= 50) return;
    last = now;
  }
}

/** Measures one endpoint on the real server and the same bytes from the baseline server. */
export async function measure(
  server: RunningServer,
  name: string,
  spec: RequestSpec | { next: () => RequestSpec; sample: RequestSpec },
  run: { seconds: number; amount?: number; dialect?: 'sqlite' | 'postgres' },
): Promise<EndpointResult> {
  const { seconds, amount } = run;
  await untilIdle(server);
  const sampleSpec = 'next' in spec ? spec.sample : spec;
  const answer = await probe(server.url, sampleSpec);
  const options = amount ? { amount } : { seconds };
  // Reads are warmed up first (JIT, caches) so the first endpoint measured is not penalised.
  if (sampleSpec.method === 'GET') await runLoad(server.url, sampleSpec, { amount: 300, connections: 8 });
  const cpuBefore = server.cpuMs();
  const dbCpuBefore = run.dialect === 'postgres' ? postgresCpuMs() : undefined;
  const real = await runLoad(server.url, spec, options);
  const cpuMsPerRequest = real.total ? (server.cpuMs() - cpuBefore) / real.total : undefined;
  const databaseCpuMsPerRequest = dbCpuBefore && real.total ? postgresCpuMsSince(dbCpuBefore) / real.total : undefined;
  const baseline = await withBaseline(BASELINE_PORT, answer, (url) => runLoad(url, sampleSpec, { seconds: Math.min(seconds, 5) }));
  const ratio = baseline.requestsPerSecond ? real.requestsPerSecond / baseline.requestsPerSecond : 0;
  console.log(
    `  ${name.padEnd(34)} ${String(real.requestsPerSecond).padStart(6)} req/s  p50 ${real.p50} ms  p99 ${real.p99} ms  errors ${real.errors + real.non2xx}  CPU ${cpuMsPerRequest?.toFixed(2)} ms/req${databaseCpuMsPerRequest === undefined ? '' : ` + PostgreSQL ${databaseCpuMsPerRequest.toFixed(2)}`}  (${(ratio * 100).toFixed(0)}% of baseline ${baseline.requestsPerSecond})`,
  );
  return { name, real, baseline, ratio, ...(cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest }), ...(databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest }), responseBytes: answer.body.length, ...(answer.contentEncoding ? { contentEncoding: answer.contentEncoding } : {}), probeStatus: answer.status };
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
