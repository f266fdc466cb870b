/**
 * The workloads a school makes, beside the warm single-endpoint lines: a mixed run of many users
 * with writes that invalidate the read caches, the first read of every cache (after start and
 * after each kind of write), and a lesson's peak (one group answering while the school reads).
 */
import { cpuCeiling, formatFirstRequests, formatRatio, percentiles, type Comparison } from './compare.js';
import { BASELINE_PORT, DEFAULT_PAIRS, interleave, login, untilIdle, type RunOptions } from './harness.js';
import { probe, startBaseline, type LoadResult, type RequestSpec, type RunningServer, type WireAnswer } from './load.js';
import { answerableTasks, MIX, mixAnswers, newTask, review, schoolMix, textAnswer, WRITE_KINDS, type MixTally, type SchoolActors, type StudentActor } from './school-mix.js';
import { runPaced } from './paced-load.js';
import type { SeededSchool } from './seed.js';

export interface KindLine {
  kind: string;
  share: number;
  sent: number;
  p50: number;
  p99: number;
}

export interface MixedResult {
  connections: number;
  students: number;
  teachers: number;
  real: LoadResult;
  baseline: LoadResult;
  comparison: Comparison;
  cpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
  ceilingRequestsPerSecond?: number;
  /** Per kind of request, over the server runs. */
  kinds: KindLine[];
  /** Answers that were not 2xx, by kind and status (should be empty). */
  failed: Record<string, number>;
  writeShare: number;
}

const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(3));

/** Per kind of the mix: its share, how many were sent, and the p50/p99 of their answers. */
function kindLines(tally: MixTally): KindLine[] {
  return MIX.map((m) => {
    const p = percentiles(tally.latencies[m.kind] ?? []);
    return { kind: m.kind, share: m.share, sent: tally.sent[m.kind] ?? 0, p50: p.p50, p99: p.p99 };
  });
}

const printKinds = (kinds: KindLine[]) => {
  for (const k of kinds) console.log(`    ${k.kind.padEnd(24)} ${String(k.sent).padStart(7)} sent  p50 ${k.p50.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms`);
};

const printFailed = (tally: MixTally) => {
  if (Object.keys(tally.failed).length) console.log(`    failed: ${JSON.stringify(tally.failed)}`);
};

/** 64 connections of many students and teachers, 90 % reads and 10 % writes, against the baseline. */
export async function mixedRun(server: RunningServer, actors: SchoolActors, run: RunOptions & { connections: number }): Promise<MixedResult> {
  const answers = await mixAnswers(server.url, actors);
  const baseline = await startBaseline(answers, BASELINE_PORT);
  const tallies: MixTally[] = [];
  let seed = 1;
  try {
    const live = schoolMix(actors, { live: true, seed });
    // One source per side; the server's keeps the state (who may answer what) across its runs.
    const liveSource = {
      next: (c: Record<string, unknown>) => live.next(c),
      onResponse: (s: number, b: string, c: Record<string, unknown>) => live.onResponse!(s, b, c),
      onTimed: (c: Record<string, unknown>, ms: number, first: boolean) => live.onTimed!(c, ms, first),
    };
    tallies.push(live.tally);
    const dry = schoolMix(actors, { live: false, seed: ++seed });
    const warm = schoolMix(actors, { live: false, seed: ++seed, readsOnly: true });
    const r = await interleave(server, baseline, { target: liveSource, baseline: dry, warmup: warm }, run);
    const sentTotal = Object.values(live.tally.sent).reduce((n, v) => n + v, 0);
    const writes = WRITE_KINDS.reduce((n, k) => n + (live.tally.sent[k] ?? 0), 0);
    const kinds = kindLines(live.tally);
    const ceiling = cpuCeiling(r.cpuMsPerRequest, r.databaseCpuMsPerRequest);
    console.log(
      `  mixed run (${actors.students.length} students, ${actors.teachers.length} teachers, ${run.connections} connections, ${((writes / sentTotal) * 100).toFixed(1)} % writes): ${r.target.requestsPerSecond} req/s p50 ${r.target.p50} ms p99 ${r.target.p99} ms errors ${r.target.errors + r.target.non2xx} CPU ${ms(r.cpuMsPerRequest)}${r.databaseCpuMsPerRequest === undefined ? '' : ` + PostgreSQL ${ms(r.databaseCpuMsPerRequest)}`} ms/req (ceiling ${ceiling ?? '–'}) ${formatRatio(r.comparison)} of baseline ${r.baseline.requestsPerSecond} [${r.comparison.serverRuns.join(', ')} | ${r.comparison.baselineRuns.join(', ')}]`,
    );
    printKinds(kinds);
    console.log(`    first request on each new connection: ${formatFirstRequests(r.target.firstRequests)}`);
    printFailed(live.tally);
    return {
      connections: run.connections,
      students: actors.students.length,
      teachers: actors.teachers.length,
      real: r.target,
      baseline: r.baseline,
      comparison: r.comparison,
      ...(r.cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: r.cpuMsPerRequest }),
      ...(r.databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest: r.databaseCpuMsPerRequest }),
      ...(ceiling === undefined ? {} : { ceilingRequestsPerSecond: ceiling }),
      kinds,
      failed: live.tally.failed,
      writeShare: sentTotal ? writes / sentTotal : 0,
    };
  } finally {
    await baseline.stop();
  }
}

/**
 * The mix at a school's pace instead of flat out: requests a second in all, spread over the same
 * 64 connections. 500 a second is 3,000 students (a third of the seeded school of 10,100 in a
 * lesson at once) each asking every 6 s, more than a school's busiest hour makes, sent at an even
 * pace and timed from when each was due (paced-load.ts). Flat out, a closed loop of 64
 * connections waits 64 ÷ the rate on average, so its p99 follows the host's speed; at a pace the
 * server can keep, the p99 is what a student waits at a school's load.
 */
export const PACED_MIX_RATE = 500;
export const PACED_MIX_SECONDS = 10;

export interface PacedMixResult {
  rate: number;
  connections: number;
  seconds: number;
  /** Open loop (paced-load.ts): each answer timed from when its request was due. */
  real: LoadResult;
  cpuMsPerRequest: number;
  kinds: KindLine[];
  failed: Record<string, number>;
}

/** The mixed run paced at `rate` requests a second, once, after the flat-out one (warm server). */
export async function pacedMixedRun(server: RunningServer, actors: SchoolActors, options: { connections: number; rate?: number; seconds?: number }): Promise<PacedMixResult> {
  const rate = options.rate ?? PACED_MIX_RATE;
  const seconds = options.seconds ?? PACED_MIX_SECONDS;
  await untilIdle(server);
  // A live mix of its own (its own tally) on the same actors, who keep what they may answer.
  const live = schoolMix(actors, { live: true, seed: 1000 });
  const cpuBefore = server.cpuMs();
  const real = await runPaced(server.url, live, { seconds, connections: options.connections, rate });
  const cpuMsPerRequest = (server.cpuMs() - cpuBefore) / Math.max(1, real.total);
  const kinds = kindLines(live.tally);
  console.log(`  mixed run paced at ${rate} req/s (${options.connections} connections, ${seconds} s): ${real.requestsPerSecond} req/s p50 ${real.p50} ms p99 ${real.p99} ms errors ${real.errors + real.non2xx} CPU ${ms(cpuMsPerRequest)} ms/req`);
  printKinds(kinds);
  printFailed(live.tally);
  return { rate, connections: options.connections, seconds, real, cpuMsPerRequest, kinds, failed: live.tally.failed };
}

/** Sends one request and times it until the last byte, ms. */
async function timed(url: string, spec: RequestSpec): Promise<{ ms: number; answer: WireAnswer }> {
  const started = performance.now();
  const answer = await probe(url, spec);
  return { ms: performance.now() - started, answer };
}

export interface ColdRead {
  read: string;
  /** The first request after the server started (one sample: compile, JIT and cache all cold). */
  afterStartMs: number;
  /** The second request right after it (warm), for contrast. */
  warmMs: number;
  /** The first request after each kind of write (nothing cached), median of `repeats`. */
  afterWriteMs: Record<string, number>;
  bytes: number;
}

export interface ColdReads {
  group: string;
  repeats: number;
  reads: ColdRead[];
}

/**
 * The first read of every cache: right after the server started, then right after each kind of
 * write a school makes (an answer, a review, a new task), each read alone on an idle server. In
 * the 50 × 200 group, the largest lists a school has; the teachers' list of every user too.
 * Must run first on a freshly started server (before anything has warmed a cache).
 */
export async function coldReads(server: RunningServer, school: SeededSchool, repeats = 7): Promise<ColdReads> {
  const { bigGroup } = school;
  const teacher = { authorization: `Bearer ${(await login(server.url, bigGroup.teacherLogin)).token}` };
  const studentLogins = Array.from({ length: 8 }, (_, s) => `studentbig-${s}`);
  const students = await Promise.all(studentLogins.map(async (l) => ({ authorization: `Bearer ${(await login(server.url, l)).token}` })));
  const reader = students[0]!;
  const reads: { read: string; spec: RequestSpec }[] = [
    { read: 'GET /api/tasks/mine (student)', spec: { method: 'GET', path: '/api/tasks/mine', headers: reader } },
    { read: 'GET /api/leaderboard (student)', spec: { method: 'GET', path: `/api/leaderboard?groupId=${bigGroup.id}&period=all`, headers: reader } },
    { read: 'GET /api/solutions (own, student)', spec: { method: 'GET', path: '/api/solutions', headers: reader } },
    { read: 'GET /api/tasks (teacher)', spec: { method: 'GET', path: '/api/tasks', headers: teacher } },
    { read: 'GET /api/solutions?reviewed=false (teacher)', spec: { method: 'GET', path: '/api/solutions?reviewed=false', headers: teacher } },
    { read: 'GET /api/users (teacher, every user)', spec: { method: 'GET', path: '/api/users', headers: teacher } },
  ];
  const results: ColdRead[] = [];
  for (const { read, spec } of reads) {
    const first = await timed(server.url, spec);
    if (first.answer.status !== 200) throw new Error(`${read}: ${first.answer.status}`);
    const second = await timed(server.url, spec);
    results.push({ read, afterStartMs: first.ms, warmMs: second.ms, afterWriteMs: {}, bytes: first.answer.body.length });
  }
  // What the writes may do: tasks the big group's students may answer, solutions waiting there.
  const answerable = await Promise.all(students.map((auth) => answerableTasks(server.url, auth)));
  const waiting = (JSON.parse((await probe(server.url, { method: 'GET', path: '/api/solutions?reviewed=false', headers: teacher })).body.toString('utf8')) as { id: number }[]).map((s) => s.id);
  let answerer = 0;
  let created = 0;
  const writes: Record<string, () => RequestSpec> = {
    'text answer': () => {
      for (let i = 0; i < students.length; i++) {
        const k = (answerer + i) % students.length;
        const taskId = answerable[k]!.shift();
        if (taskId !== undefined) {
          answerer = k + 1;
          return textAnswer(students[k]!, taskId);
        }
      }
      throw new Error('no task left to answer in the 50 × 200 group');
    },
    review: () => review(teacher, waiting.shift()!, true),
    'new task': () => newTask(teacher, bigGroup.id, ++created),
  };
  for (const [kind, write] of Object.entries(writes)) {
    for (const [i, { spec }] of reads.entries()) {
      const times: number[] = [];
      for (let r = 0; r < repeats; r++) {
        const w = await probe(server.url, write());
        if (w.status >= 300) throw new Error(`${kind}: ${w.status} ${w.body.toString('utf8').slice(0, 200)}`);
        times.push((await timed(server.url, spec)).ms);
      }
      results[i]!.afterWriteMs[kind] = percentiles(times).p50;
    }
  }
  for (const r of results) {
    console.log(`  cold ${r.read.padEnd(44)} after start ${r.afterStartMs.toFixed(1)} ms (warm ${r.warmMs.toFixed(1)}), after ${Object.entries(r.afterWriteMs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')} ms (${r.bytes} bytes)`);
  }
  return { group: '50 × 200', repeats, reads: results };
}

export interface LessonPeak {
  readers: number;
  submitters: number;
  windowSeconds: number;
  readersReal: LoadResult;
  readersBaseline: LoadResult;
  comparison: Comparison;
  cpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
  ceilingRequestsPerSecond?: number;
  /** Every submission over all server runs: status and time to answer. */
  submissions: { accepted: number; refused: Record<string, number>; p50: number; p99: number; max: number; n: number };
}

/**
 * A lesson's peak: the teacher of the 50 × 200 group posts a task, 30 of its students answer it
 * within 10 seconds, while 200 students of other groups read flat out (200 connections), measured
 * against the baseline answering the same reads on the same 200 connections.
 */
export async function lessonPeak(server: RunningServer, school: SeededSchool, actors: SchoolActors, run: RunOptions): Promise<LessonPeak> {
  const SUBMITTERS = 30;
  const READERS = 200;
  const WINDOW_S = 10;
  const { bigGroup } = school;
  const teacher = { authorization: `Bearer ${(await login(server.url, bigGroup.teacherLogin)).token}` };
  const submitters = await Promise.all(Array.from({ length: SUBMITTERS }, async (_, s) => ({ authorization: `Bearer ${(await login(server.url, `studentbig-${20 + s}`)).token}` })));
  const readers: StudentActor[] = actors.students.slice(0, READERS);
  if (readers.length < READERS) throw new Error(`the lesson's peak needs ${READERS} signed-in students, got ${readers.length}`);
  const reads = schoolMix(actors, { live: false, seed: 7, readsOnly: true, students: readers });
  const answers = await mixAnswers(server.url, actors);
  const baseline = await startBaseline(answers, BASELINE_PORT);
  const times: number[] = [];
  const refused: Record<string, number> = {};
  let accepted = 0;
  let inFlight: Promise<void>[] = [];
  try {
    const r = await interleave(
      server,
      baseline,
      { target: reads, baseline: schoolMix(actors, { live: false, seed: 8, readsOnly: true, students: readers }), warmup: schoolMix(actors, { live: false, seed: 9, readsOnly: true, students: readers }) },
      {
        ...run,
        seconds: Math.max(run.seconds, WINDOW_S + 2),
        // Each server run is a whole lesson (12 s): three pairs are enough for a median.
        pairs: Math.min(run.pairs ?? DEFAULT_PAIRS, 3),
        connections: READERS,
        // Each server run is a lesson: a new task, then 30 answers spread over 10 s, sent while
        // the readers' load starts (this hook returns at once; the answers run beside autocannon).
        beforeTargetRun: async () => {
          await Promise.all(inFlight);
          const task = await probe(server.url, newTask(teacher, bigGroup.id, 1000 + times.length));
          if (task.status !== 201) throw new Error(`new task: ${task.status}`);
          const taskId = (JSON.parse(task.body.toString('utf8')) as { id: number }).id;
          inFlight = submitters.map(
            (auth, s) =>
              new Promise<void>((resolve) => {
                setTimeout(
                  () => {
                    void timed(server.url, textAnswer(auth, taskId)).then(({ ms: took, answer }) => {
                      times.push(took);
                      if (answer.status === 201) accepted++;
                      else refused[answer.status] = (refused[answer.status] ?? 0) + 1;
                      resolve();
                    }, resolve);
                  },
                  1000 + ((s * 7919) % (WINDOW_S * 1000)),
                );
              }),
          );
        },
      },
    );
    await Promise.all(inFlight);
    const p = percentiles(times);
    const ceiling = cpuCeiling(r.cpuMsPerRequest, r.databaseCpuMsPerRequest);
    const result: LessonPeak = {
      readers: READERS,
      submitters: SUBMITTERS,
      windowSeconds: WINDOW_S,
      readersReal: r.target,
      readersBaseline: r.baseline,
      comparison: r.comparison,
      ...(r.cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest: r.cpuMsPerRequest }),
      ...(r.databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest: r.databaseCpuMsPerRequest }),
      ...(ceiling === undefined ? {} : { ceilingRequestsPerSecond: ceiling }),
      submissions: { accepted, refused, p50: p.p50, p99: p.p99, max: Math.max(...times), n: times.length },
    };
    console.log(
      `  lesson's peak: ${READERS} readers ${r.target.requestsPerSecond} req/s p50 ${r.target.p50} ms p99 ${r.target.p99} ms errors ${r.target.errors + r.target.non2xx} CPU ${ms(r.cpuMsPerRequest)} ms/req, ${formatRatio(r.comparison)} of baseline ${r.baseline.requestsPerSecond}; ${SUBMITTERS} answers in ${WINDOW_S} s × ${times.length / SUBMITTERS}: ${accepted} accepted, p50 ${p.p50.toFixed(1)} ms p99 ${p.p99.toFixed(1)} ms max ${result.submissions.max.toFixed(1)} ms ${Object.keys(refused).length ? `refused ${JSON.stringify(refused)}` : ''}`,
    );
    return result;
  } finally {
    await Promise.all(inFlight);
    await baseline.stop();
  }
}
