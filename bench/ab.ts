/**
 * A/B of server builds on the judged lines of bench/README.md, in one run: each round starts every
 * build in turn (the order flips each round) on its own copy of one seeded school and measures
 *   1. the school mix paced at 500 requests a second (p99 per kind), and at 1,000 as headroom;
 *   2. a lesson's peak: 30 students send checked answers within one second while the school reads
 *      at 500 a second (the answers' p99, the reads' p99);
 *   3. the server's RSS after 30 s quiet;
 * and, as capacity, the mix flat out on 64 connections (req/s). Medians over the rounds.
 *
 *   npm run build -w @mathclub/shared && npm run build -w @mathclub/server
 *   cp -r apps/server/dist apps/server/.ab/old/    # another build, inside the repo so it finds node_modules
 *   npm run bench:ab -- --builds old=apps/server/.ab/old/dist/server.js,new=apps/server/dist/server.js --db both
 *   --rounds N (3), --scale S (1), --quiet-seconds Q (30); a build may add environment variables:
 *   `name=path+VAR=value+VAR2=value`; NODE_ARGS=... are flags for node itself (`NODE_ARGS=--trace-gc`).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { percentiles } from './compare.js';
import { login, PASSWORD, prepare, SERVER_PORT, untilIdle, WORK, type PreparedDb } from './harness.js';
import { multipartBody, probe, runLoad, startServer, type RequestSource, type RunningServer } from './load.js';
import { runPaced } from './paced-load.js';
import { MIX, schoolMix, signInSchool, type MixTally, type SchoolActors } from './school-mix.js';

interface Build {
  name: string;
  entry: string;
  env: Record<string, string>;
}

const builds: Build[] = cliArg('builds', 'current=apps/server/dist/server.js')
  .split(',')
  .map((spec) => {
    const name = spec.slice(0, spec.indexOf('='));
    const [entry, ...vars] = spec.slice(name.length + 1).split('+');
    return { name, entry: entry!, env: Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)])) };
  });
const rounds = Number(cliArg('rounds', '3'));
const scale = Number(cliArg('scale', '1'));
const quietSeconds = Number(cliArg('quiet-seconds', '30'));
const engines = cliArg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([cliArg('db', 'sqlite')] as ('sqlite' | 'postgres')[]);
const admin = (process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test');

/** A kind is judged once the run sent it this often (bench/README.md). */
const JUDGED_SENT = 100;
const PACE = 500;
const HEADROOM_PACE = 1000;
const PACED_SECONDS = 10;
const PEAK_ANSWERS = 30;

interface Measured {
  paced: { p99: number; p50: number; errors: number; kinds: Record<string, { sent: number; p99: number }>; cpuMsPerRequest: number };
  headroom: { p99: number; errors: number };
  flatOut: { requestsPerSecond: number; errors: number };
  peak: { answersP99: number; answersMax: number; accepted: number; readsP99: number; readErrors: number };
  quietRssMb: number;
  /** Where the quiet RSS is, from the server's own metrics: V8's heap (used of total) and memory outside it, MB. */
  quietHeap: { usedMb: number; totalMb: number; externalMb: number };
  peakRssMb: number;
}

async function query(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh copy of the seeded school for one server run: its environment. */
async function copyOf(prepared: PreparedDb, engine: 'sqlite' | 'postgres', n: number): Promise<Record<string, string>> {
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
  return { ...env, DATABASE_URL: Object.assign(new URL(admin), { pathname: `/mathclub_ab_${n}` }).toString() };
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

async function measure(build: Build, prepared: PreparedDb, engine: 'sqlite' | 'postgres', n: number): Promise<Measured> {
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
      quietHeap: heap,
      peakRssMb: memory.peakMb,
    };
  } finally {
    await server.stop();
    if (engine === 'postgres') await query(`drop database if exists mathclub_ab_${n} with (force)`);
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
}

const METRICS_TOKEN = 'ab-metrics-token-for-heap';

/** The V8 heap and external memory the server reports on /api/metrics (prom-client's defaults). */
async function heapOf(url: string): Promise<Measured['quietHeap']> {
  const text = await (await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20);
  return { usedMb: mb('nodejs_heap_size_used_bytes'), totalMb: mb('nodejs_heap_size_total_bytes'), externalMb: mb('nodejs_external_memory_bytes') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Record<string, Record<string, Measured[]>> = {};
const hash = await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD);
let n = 0;
for (const engine of engines) {
  const prepared = await prepare(engine, scale, hash);
  results[engine] = Object.fromEntries(builds.map((b) => [b.name, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const m = await measure(build, prepared, engine, ++n);
        results[engine]![build.name]!.push(m);
        const judged = Object.entries(m.paced.kinds).filter(([, k]) => k.sent >= JUDGED_SENT);
        console.log(
          `${engine} round ${round + 1} ${build.name}: paced p99 ${m.paced.p99.toFixed(1)} ms (worst kind ${Math.max(...judged.map(([, k]) => k.p99)).toFixed(1)}), errors ${m.paced.errors}; 1000/s p99 ${m.headroom.p99.toFixed(1)}; flat out ${m.flatOut.requestsPerSecond} req/s; peak answers p99 ${m.peak.answersP99.toFixed(0)} ms (${m.peak.accepted} accepted), reads p99 ${m.peak.readsP99.toFixed(1)}; RSS quiet ${m.quietRssMb} MB (heap ${m.quietHeap.usedMb} of ${m.quietHeap.totalMb}, external ${m.quietHeap.externalMb}), peak ${m.peakRssMb} MB`,
        );
      }
    }
  } finally {
    await prepared.drop();
  }
  console.log(`\n${engine}, medians of ${rounds} rounds:`);
  console.log('| build | paced 500/s p99 (worst kind) | errors | 1000/s p99 | flat out req/s | peak answers p99 | peak reads p99 | RSS quiet | CPU ms/req |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const b of builds) {
    const runs = results[engine]![b.name]!;
    const worst = (m: Measured) => Math.max(...Object.values(m.paced.kinds).filter((k) => k.sent >= JUDGED_SENT).map((k) => k.p99));
    console.log(
      `| ${b.name} | ${median(runs.map((m) => m.paced.p99)).toFixed(1)} (${median(runs.map(worst)).toFixed(1)}) | ${median(runs.map((m) => m.paced.errors))} | ${median(runs.map((m) => m.headroom.p99)).toFixed(1)} | ${median(runs.map((m) => m.flatOut.requestsPerSecond))} | ${median(runs.map((m) => m.peak.answersP99)).toFixed(0)} | ${median(runs.map((m) => m.peak.readsP99)).toFixed(1)} | ${median(runs.map((m) => m.quietRssMb))} | ${median(runs.map((m) => m.paced.cpuMsPerRequest)).toFixed(2)} |`,
    );
    for (const kind of MIX.map((m) => m.kind)) {
      const sent = median(runs.map((m) => m.paced.kinds[kind]!.sent));
      if (sent >= JUDGED_SENT) console.log(`|   ${kind} | ${median(runs.map((m) => m.paced.kinds[kind]!.p99)).toFixed(1)} | | | | | | | |`);
    }
  }
}
mkdirSync(WORK, { recursive: true });
const out = path.join(WORK, `ab-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ builds, rounds, scale, results }, null, 2));
console.log(`\nwritten ${out}`);
