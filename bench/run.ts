/**
 * `npm run bench`: seeds a generated school and measures the built server on the judged lines of
 * bench/README.md (judged.ts, three rounds per engine, medians), the mix flat out against a bare
 * node:http baseline and a burst of photo answers as capacity figures, and the web app's first-load
 * JavaScript and Lighthouse scores; writes bench/report.md + bench/report.json.
 *
 *   npm run bench -- --scale 1        (default: 200 groups, 10,000 students, 250,000 solutions)
 *   DATABASE_URL=postgres://… npm run bench   (also runs every server measurement on PostgreSQL)
 *   --rounds 3            rounds of the judged lines per engine (default 3)
 *   --lighthouse-runs 3   Lighthouse runs per page; the report gives their median (default 3)
 *   --all                 also the older reported lines: each read flat out against its baseline,
 *                         first reads, checked answers, the gradebook, growth 1× → 16×, live updates
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg, cliFlag } from './cli.js';
import { afterWrite, BROWSER_ACCEPT_ENCODING, DEFAULT_PAIRS, DEFAULT_SECONDS, login, measure, PASSWORD, prepare, ROOT, SERVER_PORT, untilIdle, WORK, writeWarmup } from './harness.js';
import { CONNECTIONS, multipartBody, runLoad, startServer, textAnswerSpec, type LoadResult, type RequestSpec } from './load.js';
import { checkedSubmissions } from './checked-submissions.js';
import { newConnections } from './new-connections.js';
import { signInSchool } from './school-mix.js';
import { harnessSelfCheck, SELF_CHECK_PAIRS, SELF_CHECK_SECONDS } from './self-check.js';
import { coldReads, lessonPeak, mixedRun, pacedMixedRun } from './workloads.js';
import { benchLive, liveLine } from './live.js';
import { gradebookLines, seedLargeGroup, warmGradebook } from './gradebook.js';
import { measureJudged, summarize, type Measured } from './judged.js';
import { describeMemory, renderReport, type BenchReport, type EndpointResult, type GrowthPoint } from './report.js';
import { medianScores } from './lighthouse-median.js';
import { measureFirstLoadJs, runLighthouse, type LighthouseScores, type PageToMeasure } from './web.js';

const SCALE = Number(cliArg('scale', '1'));
const SECONDS = Number(cliArg('seconds', String(DEFAULT_SECONDS)));
const SKIP_WEB = cliFlag('no-web');
const LIGHTHOUSE_RUNS = Number(cliArg('lighthouse-runs', '3'));
const ROUNDS = Number(cliArg('rounds', '3'));
const ALL = cliFlag('all');
/** The mixed run's school: this many groups, each with its teacher and this many students signed in. */
/** Photo answers in the upload line. */
const PHOTO_ANSWERS = 192;
const MIX_GROUPS = Math.min(24, Math.max(1, Math.round(200 * SCALE)));
const MIX_STUDENTS_PER_GROUP = Math.max(16, Math.ceil(200 / MIX_GROUPS));
async function fourMegabytePhoto(): Promise<Buffer> {
  // Noise does not compress: about 4 MB of JPEG, like a phone photo.
  const width = 2600;
  const height = 1950;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  let quality = 92;
  for (;;) {
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= 4_200_000 || quality < 40) return jpeg;
    quality -= 6;
  }
}

async function serverSuite(dialect: 'sqlite' | 'postgres', passwordHash: string, photo: Buffer) {
  console.log(`\n[${dialect}] scale ${SCALE}`);
  const prepared = await prepare(dialect, SCALE, passwordHash);
  const server = await startServer(prepared.env, SERVER_PORT);
  const run = { seconds: SECONDS, dialect };
  try {
    // First, while no cache has been filled: the first read of each after start and after writes.
    const cold = await coldReads(server, prepared.school);
    const { firstGroup } = prepared.school;
    const teacher = await login(server.url, firstGroup.teacherLogin);
    const students = await Promise.all(firstGroup.studentLogins.map((l) => login(server.url, l)));
    const student = students[0]!;
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    const json = (t?: string) => ({ 'content-type': 'application/json', ...(t ? auth(t) : {}) });

    const endpoints: EndpointResult[] = [];
    endpoints.push(await measure(server, 'POST /api/auth/login', { method: 'POST', path: '/api/auth/login', headers: json(), body: JSON.stringify({ login: firstGroup.studentLogins[1], password: PASSWORD }) }, run));
    endpoints.push(await measure(server, 'GET /api/tasks/mine (student)', { method: 'GET', path: '/api/tasks/mine', headers: auth(student.token) }, run));
    endpoints.push(await measure(server, 'GET /api/tasks (teacher)', { method: 'GET', path: '/api/tasks', headers: auth(teacher.token) }, run));
    endpoints.push(await measure(server, 'GET /api/solutions?reviewed=false (teacher)', { method: 'GET', path: '/api/solutions?reviewed=false', headers: auth(teacher.token) }, run));
    endpoints.push(await measure(server, 'GET /api/leaderboard (student)', { method: 'GET', path: `/api/leaderboard?groupId=${firstGroup.id}&period=all`, headers: auth(student.token) }, run));

    // Issue 6: in a 50 × 200 group the leaderboard must not feel slower than the task list.
    const { bigGroup } = prepared.school;
    const bigStudent = await login(server.url, bigGroup.studentLogin);
    const bigTeacher = await login(server.url, bigGroup.teacherLogin);
    endpoints.push(await measure(server, 'GET /api/tasks/mine (50×200 group)', { method: 'GET', path: '/api/tasks/mine', headers: auth(bigStudent.token) }, run));
    // What a browser gets: the same cached list, brotli-compressed once per change.
    endpoints.push(await measure(server, 'GET /api/tasks/mine (50×200 group, br)', { method: 'GET', path: '/api/tasks/mine', headers: { ...auth(bigStudent.token), 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, run));
    endpoints.push(await measure(server, 'GET /api/leaderboard (50×200 group)', { method: 'GET', path: `/api/leaderboard?groupId=${bigGroup.id}&period=all`, headers: auth(bigStudent.token) }, run));
    const coldLeaderboardMs = await afterWrite(server.url, bigTeacher.token, bigGroup.id, `/api/leaderboard?groupId=${bigGroup.id}&period=all`, bigStudent.token);
    const coldTasksMs = await afterWrite(server.url, bigTeacher.token, bigGroup.id, '/api/tasks/mine', bigStudent.token);
    console.log(`  right after a write (nothing cached), 50×200 group: leaderboard ${coldLeaderboardMs.toFixed(1)} ms, tasks/mine ${coldTasksMs.toFixed(1)} ms (median of 15)`);

    // Writes: every request answers a different (student, open task) pair, so none is a 409.
    const pairs = students.flatMap((s) => firstGroup.openTaskIds.map((taskId) => ({ token: s.token, taskId })));
    let cursor = 0;
    const textCount = Math.min(2000, pairs.length - 400);
    const sample = textAnswerSpec(pairs[cursor++]!);
    // Warmed like the reads, with answers of their own (writeWarmup: the warm-up group's 3,000).
    const textWarmup = await writeWarmup(server.url, prepared.school);
    endpoints.push(await measure(server, 'POST /api/solutions (text)', { sample, next: () => textAnswerSpec(pairs[cursor++ % pairs.length]!) }, { ...run, amount: textCount, pairs: 1, warmup: textWarmup.count }, textWarmup.source));
    cursor = Math.max(cursor, textCount + 1);
    const imageSample = photoSpec(pairs[cursor++]!, photo);
    endpoints.push(await measure(server, `POST /api/solutions (${(photo.length / 1e6).toFixed(1)} MB photo)`, { sample: imageSample, next: () => photoSpec(pairs[cursor++ % pairs.length]!, photo) }, { ...run, amount: PHOTO_ANSWERS, pairs: 1 }));
    // Issue 16: answers judged by the checker before they are written, and reads while they arrive.
    const checked = await checkedSubmissions(server, teacher.token, firstGroup.id, students.map((s) => s.token), run);
    endpoints.push(checked.submissions);

    // A school at work: many users, reads and the writes that invalidate them; then a lesson's peak.
    const actors = await signInSchool(server.url, MIX_GROUPS, MIX_STUDENTS_PER_GROUP);
    await untilIdle(server);
    const mixed = await mixedRun(server, actors, { ...run, connections: CONNECTIONS });
    const pacedMixed = await pacedMixedRun(server, actors, { connections: CONNECTIONS });
    const peak = await lessonPeak(server, prepared.school, actors, run);
    // Issue 17: the gradebook of the 50 × 200 group and of a 200 × 500 group seeded now (after the
    // lines above, so they keep their data), warm, after a verdict, and with verdicts arriving.
    const large = await seedLargeGroup(prepared, passwordHash);
    const gradebook = await gradebookLines(server, prepared, large, SECONDS);

    const memory = server.memory();
    const rssMb = memory.rssMb;
    // Reported beside the budgeted figure: what of it a quiet half-minute gives back (the heap
    // trimmer looks every 10 s; idle checker threads exit after a minute).
    await new Promise((r) => setTimeout(r, 30_000));
    const settled = server.memory();
    console.log(`  server RSS after the load: ${rssMb} MB (${describeMemory(memory)}); 30 s later ${settled.rssMb} MB (${describeMemory(settled)})`);
    // Last, so that its 40 tasks and 2,000 answers change no line above: students opening the app
    // (new connections) while a class sends answers.
    const fresh = await newConnections(server, teacher.token, firstGroup.id, students.map((s) => s.token));
    return { dialect, school: prepared.school, endpoints, rssMb, memory: { atEnd: memory, settled }, afterWrite: { leaderboardMs: coldLeaderboardMs, tasksMineMs: coldTasksMs }, mixed, pacedMixed, peak, cold, checked, gradebook, newConnections: fresh, studentToken: student, server, prepared };
  } catch (error) {
    await server.stop();
    await prepared.drop();
    throw error;
  }
}

/**
 * The judged lines, three rounds on fresh copies of the school; then, on the seeded school itself,
 * the capacity figures: the mix flat out against the baseline, and a burst of photo answers (the
 * peak RSS it leaves).
 */
async function budgetSuite(dialect: 'sqlite' | 'postgres', passwordHash: string, photo: Buffer) {
  console.log(`\n[${dialect}] scale ${SCALE}: the judged lines, ${ROUNDS} rounds`);
  const prepared = await prepare(dialect, SCALE, passwordHash);
  const runs: Measured[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const m = await measureJudged({ name: 'shipped', entry: 'apps/server/dist/server.js', env: {} }, prepared, dialect, round, { scale: SCALE });
    console.log(`  round ${round}: paced p99 ${m.paced.p99.toFixed(1)} ms, errors ${m.paced.errors}; peak answers p99 ${m.peak.answersP99.toFixed(0)} ms, reads p99 ${m.peak.readsP99.toFixed(1)} ms; RSS quiet ${m.quietRssMb} MB`);
    runs.push(m);
  }
  const server = await startServer(prepared.env, SERVER_PORT);
  try {
    // Photos first: the mix's students (the first group's among them) answer open tasks, and a
    // second answer to a task would be refused.
    const { firstGroup } = prepared.school;
    const students = await Promise.all(firstGroup.studentLogins.map((l) => login(server.url, l)));
    const pairs = students.flatMap((st) => firstGroup.openTaskIds.map((taskId) => ({ token: st.token, taskId })));
    let cursor = 0;
    const before = server.memory();
    const photos = await measure(server, `POST /api/solutions (${(photo.length / 1e6).toFixed(1)} MB photo)`, { sample: photoSpec(pairs[cursor++]!, photo), next: () => photoSpec(pairs[cursor++ % pairs.length]!, photo) }, { seconds: SECONDS, dialect, amount: PHOTO_ANSWERS, pairs: 1 });
    const afterPhotos = server.memory();
    console.log(`  photo burst: peak RSS ${afterPhotos.peakMb} MB (before it ${before.peakMb} MB)`);
    const actors = await signInSchool(server.url, MIX_GROUPS, MIX_STUDENTS_PER_GROUP);
    await untilIdle(server);
    const mixed = await mixedRun(server, actors, { seconds: SECONDS, dialect, connections: CONNECTIONS });
    return { prepared, server, student: students[0]!, judged: { ...summarize(runs), runs }, mixed, photos: { line: photos, count: PHOTO_ANSWERS, peakRssMb: afterPhotos.peakMb, peakBeforeMb: before.peakMb } };
  } catch (error) {
    await server.stop();
    await prepared.drop();
    throw error;
  }
}

function photoSpec(p: { token: string; taskId: number }, photo: Buffer): RequestSpec {
  const m = multipartBody({ taskId: String(p.taskId), answer: '' }, { field: 'solutionImage', name: 'photo.jpg', type: 'image/jpeg', data: photo });
  return { method: 'POST', path: '/api/solutions', headers: { authorization: `Bearer ${p.token}`, 'content-type': m.contentType }, body: m.body };
}

/** tasks/mine and the leaderboard at 1/16, 1/4 and 1× the data: group-scoped reads should stay flat. */
async function growthSuite(dialect: 'sqlite' | 'postgres', passwordHash: string, full: { tasksMine: LoadResult; leaderboard: LoadResult; gradebook?: GrowthPoint['gradebook'] }) {
  const points = [];
  for (const factor of [1, 4]) {
    const scale = (SCALE * factor) / 16;
    const prepared = await prepare(dialect, scale, passwordHash);
    const server = await startServer(prepared.env, SERVER_PORT);
    try {
      const student = await login(server.url, prepared.school.firstGroup.studentLogins[0]!);
      const auth = { authorization: `Bearer ${student.token}` };
      const tasksMine = await runLoad(server.url, { method: 'GET', path: '/api/tasks/mine', headers: auth }, { seconds: SECONDS });
      const leaderboard = await runLoad(server.url, { method: 'GET', path: '/api/leaderboard?groupId=1&period=all', headers: auth }, { seconds: SECONDS });
      // Issue 17: the 50 × 200 group's gradebook, the same group at every size of school.
      const gradebook = await warmGradebook(server, prepared.school.bigGroup.id, prepared.school.bigGroup.teacherLogin, SECONDS);
      points.push({ factor, solutions: prepared.school.solutions, tasksMine, leaderboard, gradebook });
      console.log(`  growth ${factor}×: tasks/mine ${tasksMine.requestsPerSecond} req/s p99 ${tasksMine.p99} ms; leaderboard ${leaderboard.requestsPerSecond} req/s p99 ${leaderboard.p99} ms; gradebook ${gradebook.requestsPerSecond} req/s p99 ${gradebook.p99} ms`);
    } finally {
      await server.stop();
      await prepared.drop();
    }
  }
  points.push({ factor: 16, solutions: Math.round(SCALE * 250_000), ...full });
  return points;
}

async function main() {
  mkdirSync(WORK, { recursive: true });
  const started = Date.now();
  const passwordHash = await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD);
  const photo = await fourMegabytePhoto();
  const dialects: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.DATABASE_URL?.startsWith('postgres') ? (['postgres'] as const) : [])];

  const loadAverage = os.loadavg();
  console.log(`load average ${loadAverage.map((l) => l.toFixed(2)).join(', ')}`);
  console.log('\n[harness]');
  // Many short pairs: the self-check is cheap (a 13 KB answer) and judges the whole run.
  const selfCheck = await harnessSelfCheck({ seconds: SELF_CHECK_SECONDS, pairs: SELF_CHECK_PAIRS });
  const report: BenchReport = {
    date: new Date().toISOString(),
    selfCheck,
    pairs: DEFAULT_PAIRS,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.type()} ${os.release()}`, loadAverage },
    scale: SCALE,
    connections: CONNECTIONS,
    seconds: SECONDS,
    databases: [],
    web: undefined,
    ...(SKIP_WEB ? { webSkipped: true } : {}),
  };

  for (const dialect of dialects) {
    const budget = await budgetSuite(dialect, passwordHash, photo);
    let web: BenchReport['web'];
    try {
      if (dialect === 'sqlite' && !SKIP_WEB) web = await webLines(budget.server.url, budget.student);
    } catch (error) {
      // The server measurements stand without the web part; the report says what happened.
      console.error('  web measurement failed:', error);
      report.webError = String(error instanceof Error ? error.message : error).split('\n')[0]!;
    } finally {
      await budget.server.stop();
      await budget.prepared.drop();
    }
    if (web) report.web = web;
    const database: BenchReport['databases'][number] = { dialect, school: budget.prepared.school, judged: budget.judged, mixed: budget.mixed, photos: budget.photos };
    report.databases.push(database);
    if (ALL) {
      const suite = await serverSuite(dialect, passwordHash, photo);
      await suite.server.stop();
      await suite.prepared.drop();
      const byName = (prefix: string) => suite.endpoints.find((e) => e.name.startsWith(prefix))!.real;
      const fullGradebook = suite.gradebook.find((g) => g.group === '50 × 200')?.warm;
      const growth = await growthSuite(dialect, passwordHash, {
        tasksMine: byName('GET /api/tasks/mine'),
        leaderboard: byName('GET /api/leaderboard'),
        ...(fullGradebook ? { gradebook: fullGradebook } : {}),
      });
      Object.assign(database, { endpoints: suite.endpoints, rssMb: suite.rssMb, memory: suite.memory, afterWrite: suite.afterWrite, growth, pacedMixed: suite.pacedMixed, cold: suite.cold, peak: suite.peak, checked: suite.checked, gradebook: suite.gradebook, newConnections: suite.newConnections });
      // Issue 18: live updates on this engine (2,000 open streams, a verdict's and a new task's way).
      console.log('\n[live]');
      const live = await benchLive(dialect);
      console.log(`  ${liveLine(live)}`);
      (report.live ??= []).push(live);
    }
    // Written after each engine too, so a failure later keeps what was measured.
    writeReport(report, started);
  }

  writeReport(report, started);
  console.log(`\nWrote bench/report.md and bench/report.json in ${report.durationSeconds} s`);
  if (!selfCheck.passes) {
    // Ratios are capacity figures, not judged (issue 55): the report says how far to trust them.
    console.warn(`harness self-check ${(selfCheck.ratio * 100).toFixed(1)} % is outside 100 % ± ${selfCheck.tolerance * 100} %: this run's ratios carry that much noise`);
  }

}

/** Line 4: the first-load JavaScript of landing, login and the arena, and Lighthouse's medians. */
async function webLines(url: string, student: { token: string; user: unknown }): Promise<NonNullable<BenchReport['web']>> {
  const storage = { accessToken: student.token, authenticatedUser: JSON.stringify(student.user) };
  const pages: PageToMeasure[] = [
    { name: 'landing', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'student arena', path: '/student', storage },
  ];
  console.log('\n[web]');
  const js = await measureFirstLoadJs(url, pages);
  for (const p of js) console.log(`  ${p.name}: ${(p.gzipBytes / 1024).toFixed(1)} KB gzip in ${p.files} files`);
  const runs: LighthouseScores[][] = [];
  for (let r = 0; r < LIGHTHOUSE_RUNS; r++) runs.push(await runLighthouse(url, pages));
  const lighthouse = medianScores(runs);
  for (const l of lighthouse) console.log(`  ${l.name}: performance ${l.performance} (runs ${l.performanceRuns.join(', ')}), accessibility ${l.accessibility}, best practices ${l.bestPractices}`);
  return { js, lighthouse };
}

function writeReport(report: BenchReport, started: number) {
  report.durationSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(path.join(ROOT, 'bench', 'report.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(path.join(ROOT, 'bench', 'report.md'), renderReport(report));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
