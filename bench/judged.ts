/**
 * The judged lines of bench/README.md for one server build on one copy of a seeded school:
 *   1. the school mix paced at 500 requests a second (p99 per kind), and at 1,000 as headroom;
 *   2. a lesson's peak: 30 students send checked answers within one second while the school reads
 *      at 500 a second (the answers' p99, the reads' p99);
 *   3. the server's RSS after 30 s quiet;
 * and, as capacity, the mix flat out on 64 connections (req/s). `npm run bench` runs it three times
 * per engine for the report; `bench:ab` alternates builds with it.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { percentiles } from './compare.js';
import { login, prepare, SERVER_PORT, untilIdle, WORK, type PreparedDb } from './harness.js';
import { multipartBody, probe, runLoad, startServer, type RequestSource, type RunningServer } from './load.js';
import { runPaced } from './paced-load.js';
import { MIX, schoolMix, signInSchool, type MixTally, type SchoolActors } from './school-mix.js';

export { prepare };

/** A server to measure: its entry file, environment variables and (as NODE_ARGS) flags for node. */
export interface Build {
  name: string;
  entry: string;
  env: Record<string, string>;
}

export type Engine = 'sqlite' | 'postgres';

/** The PostgreSQL server the school was seeded on (prepare() reads DATABASE_URL too). */
const admin = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A kind is judged once the run sent it this often (bench/README.md). */
export const JUDGED_SENT = 100;
export const PACE = 500;
export const HEADROOM_PACE = 1000;
const PACED_SECONDS = 10;
export const PEAK_ANSWERS = 30;

export interface Measured {
  paced: { p99: number; p50: number; errors: number; kinds: Record<string, { sent: number; p99: number }>; cpuMsPerRequest: number };
  headroom: { p99: number; errors: number };
  flatOut: { requestsPerSecond: number; errors: number };
  peak: { answersP99: number; answersMax: number; accepted: number; readsP99: number; readErrors: number };
  quietRssMb: number;
  /** The quiet RSS split: memory the process allocated, and pages of mapped files (the libraries, SQLite's shared memory). */
  quietRssSplit: { anonMb: number; fileMb: number };
  /** Where the quiet RSS is, from the server's own metrics: V8's heap (used of total) and memory outside it, MB. */
  quietHeap: { usedMb: number; totalMb: number; externalMb: number };
  peakRssMb: number;
}

async function query(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh copy of the seeded school for one server run: its environment. */
async function copyOf(prepared: PreparedDb, engine: Engine, n: number): Promise<Record<string, string>> {
  const dataDir = path.join(WORK, `ab-${engine}-${n}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // The signing key and the images are the seeded school's; the database is copied.
  const env = { ...prepared.env, DATA_DIR: dataDir };
  if (engine === 'sqlite') {
    copyFileSync(path.join(prepared.env.DATA_DIR!, 'mathclub.sqlite'), path.join(dataDir, 'mathclub.sqlite'));
    return { ...env, DATABASE_URL: `sqlite:${path.join(dataDir, 'mathclub.sqlite')}` };
  }
  const template = new URL(prepared.env.DATABASE_URL!).pathname.slice(1);
  await query(`drop database if exists mathclub_ab_${n} with (force)`);
  await query(`create database mathclub_ab_${n} template ${template}`);
  return { ...env, DATABASE_URL: Object.assign(new URL(admin()), { pathname: `/mathclub_ab_${n}` }).toString() };
}

const liveSource = (mix: ReturnType<typeof schoolMix>): RequestSource => ({
  next: (c) => mix.next(c),
  onResponse: (s, b, c) => mix.onResponse!(s, b, c),
  onTimed: (c, ms, first) => mix.onTimed!(c, ms, first),
});

const kindsOf = (tally: MixTally) =>
  Object.fromEntries(MIX.map((m) => [m.kind, { sent: tally.sent[m.kind] ?? 0, p99: percentiles(tally.latencies[m.kind] ?? []).p99 }]));

/** 30 of the big group's students answer a new auto-checked task within one second, while the school reads at PACE. */
async function lessonPeak(server: RunningServer, prepared: PreparedDb, actors: SchoolActors, n: number): Promise<Measured['peak']> {
  const { bigGroup } = prepared.school;
  const teacher = { authorization: `Bearer ${(await login(server.url, bigGroup.teacherLogin)).token}` };
  const students = await Promise.all(Array.from({ length: PEAK_ANSWERS }, async (_, s) => ({ authorization: `Bearer ${(await login(server.url, `studentbig-${20 + s}`)).token}` })));
  const form = multipartBody({ title: `Checked ${n}`, text: 'Solve $2x = 8$.', level: 'beginner', points: '2', group: String(bigGroup.id), answerKind: 'number', answerKey: '4', checkMode: 'auto' });
  const task = await probe(server.url, { method: 'POST', path: '/api/tasks', headers: { ...teacher, 'content-type': form.contentType }, body: form.body });
  if (task.status !== 201) throw new Error(`checked task: ${task.status} ${task.body.toString()}`);
  const taskId = (JSON.parse(task.body.toString('utf8')) as { id: number }).id;
  // The spellings a class sends: right ones and wrong ones, several students each.
  const spellings = ['4', '8/2', '4,0', '2^2', '5', '16/4'];
  const reads = schoolMix(actors, { live: false, seed: 50 + n, readsOnly: true });
  const times: number[] = [];
  let accepted = 0;
  const answering = new Promise<void>((resolve) =>
    setTimeout(() => {
      const all = students.map(
        (auth, s) =>
          new Promise<void>((done) =>
            setTimeout(() => {
              const m = multipartBody({ taskId: String(taskId), answer: spellings[s % spellings.length]! });
              const started = performance.now();
              void probe(server.url, { method: 'POST', path: '/api/solutions', headers: { ...auth, 'content-type': m.contentType }, body: m.body }).then(
                (answer) => {
                  times.push(performance.now() - started);
                  if (answer.status === 201) accepted++;
                  done();
                },
                () => done(),
              );
            }, (s * 1000) / PEAK_ANSWERS),
          ),
      );
      void Promise.all(all).then(() => resolve());
    }, 2000),
  );
  const readLoad = await runPaced(server.url, reads, { rate: PACE, seconds: 6, connections: 64 });
  await answering;
  const p = percentiles(times);
  return { answersP99: p.p99, answersMax: Math.max(...times), accepted, readsP99: readLoad.p99, readErrors: readLoad.errors + readLoad.non2xx };
}

/** The judged lines for one build on the `n`th fresh copy of the prepared school (seeded at `scale`). */
export async function measureJudged(build: Build, prepared: PreparedDb, engine: Engine, n: number, { scale, quietSeconds = 30 }: { scale: number; quietSeconds?: number }): Promise<Measured> {
  const env = await copyOf(prepared, engine, n);
  process.env.BENCH_SERVER_ENTRY = build.entry;
  const { NODE_ARGS: nodeArgs = '', ...buildEnv } = build.env;
  const server = await startServer({ METRICS_TOKEN, ...env, ...buildEnv }, SERVER_PORT, nodeArgs.split(' ').filter(Boolean));
  try {
    const groups = Math.min(24, Math.max(1, Math.round(200 * scale)));
    const actors = await signInSchool(server.url, groups, Math.max(16, Math.ceil(200 / groups)));
    // Warm: the JIT, the pools, and whatever a build keeps between requests.
    await runLoad(server.url, schoolMix(actors, { live: false, seed: 2, readsOnly: true }), { amount: 3000, connections: 64 });
    await runPaced(server.url, liveSource(schoolMix(actors, { live: true, seed: 3 })), { rate: PACE, seconds: 3, connections: 64 });
    await untilIdle(server);

    const mix = schoolMix(actors, { live: true, seed: 1000 });
    const cpuBefore = server.cpuMs();
    const paced = await runPaced(server.url, liveSource(mix), { rate: PACE, seconds: PACED_SECONDS, connections: 64 });
    const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / Math.max(1, paced.total);
    await untilIdle(server);
    const headroom = await runPaced(server.url, liveSource(schoolMix(actors, { live: true, seed: 1001 })), { rate: HEADROOM_PACE, seconds: PACED_SECONDS, connections: 64 });
    await untilIdle(server);
    const flatOut = await runLoad(server.url, liveSource(schoolMix(actors, { live: true, seed: 1002 })), { seconds: 5, connections: 64 });
    await untilIdle(server);
    const peak = await lessonPeak(server, prepared, actors, n);
    await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
    const memory = server.memory();
    const heap = await heapOf(server.url);
    return {
      paced: { p50: paced.p50, p99: paced.p99, errors: paced.errors + paced.non2xx, kinds: kindsOf(mix.tally), cpuMsPerRequest },
      headroom: { p99: headroom.p99, errors: headroom.errors + headroom.non2xx },
      flatOut: { requestsPerSecond: flatOut.requestsPerSecond, errors: flatOut.errors + flatOut.non2xx },
      peak,
      quietRssMb: memory.rssMb,
      quietRssSplit: { anonMb: memory.anonMb, fileMb: memory.fileMb },
      quietHeap: heap,
      peakRssMb: memory.peakMb,
    };
  } finally {
    await server.stop();
    if (engine === 'postgres') await query(`drop database if exists mathclub_ab_${n} with (force)`);
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
}

const METRICS_TOKEN = 'judged-metrics-token-for-heap';

/** The V8 heap and external memory the server reports on /api/metrics (prom-client's defaults). */
async function heapOf(url: string): Promise<Measured['quietHeap']> {
  const text = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20);
  return { usedMb: mb('nodejs_heap_size_used_bytes'), totalMb: mb('nodejs_heap_size_total_bytes'), externalMb: mb('nodejs_external_memory_bytes') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The worst p99 of the kinds a run sent often enough to judge. */
export const worstKind = (m: Measured) => Math.max(...Object.values(m.paced.kinds).filter((k) => k.sent >= JUDGED_SENT).map((k) => k.p99));

/** The medians of a build's rounds on one engine: what the budget judges. */
export interface JudgedSummary {
  rounds: number;
  pacedP99: number;
  pacedP50: number;
  worstKindP99: number;
  errors: number;
  kinds: { kind: string; sent: number; p99: number }[];
  headroomP99: number;
  headroomErrors: number;
  flatOutRequestsPerSecond: number;
  cpuMsPerRequest: number;
  peakAnswersP99: number;
  peakAccepted: number;
  peakReadsP99: number;
  peakReadErrors: number;
  quietRssMb: number;
  quietAnonMb: number;
  quietHeapUsedMb: number;
  quietHeapTotalMb: number;
  peakRssMb: number;
}

export function summarize(runs: Measured[]): JudgedSummary {
  const m = (f: (r: Measured) => number) => median(runs.map(f));
  return {
    rounds: runs.length,
    pacedP99: m((r) => r.paced.p99),
    pacedP50: m((r) => r.paced.p50),
    worstKindP99: m(worstKind),
    // Errors are counted over every round, not their median: one failed request is one too many.
    errors: runs.reduce((n, r) => n + r.paced.errors, 0),
    kinds: MIX.map(({ kind }) => ({ kind, sent: m((r) => r.paced.kinds[kind]!.sent), p99: m((r) => r.paced.kinds[kind]!.p99) })),
    headroomP99: m((r) => r.headroom.p99),
    headroomErrors: runs.reduce((n, r) => n + r.headroom.errors, 0),
    flatOutRequestsPerSecond: m((r) => r.flatOut.requestsPerSecond),
    cpuMsPerRequest: m((r) => r.paced.cpuMsPerRequest),
    peakAnswersP99: m((r) => r.peak.answersP99),
    peakAccepted: Math.min(...runs.map((r) => r.peak.accepted)),
    peakReadsP99: m((r) => r.peak.readsP99),
    peakReadErrors: runs.reduce((n, r) => n + r.peak.readErrors, 0),
    quietRssMb: m((r) => r.quietRssMb),
    quietAnonMb: m((r) => r.quietRssSplit.anonMb),
    quietHeapUsedMb: m((r) => r.quietHeap.usedMb),
    quietHeapTotalMb: m((r) => r.quietHeap.totalMb),
    peakRssMb: m((r) => r.peakRssMb),
  };
}
