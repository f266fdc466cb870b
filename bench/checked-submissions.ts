/**
 * Submissions with checking (PRODUCT.md §9, issue 16): answers to auto-checked tasks, each judged
 * by the server's checker pool before the answer is written, measured like the other writes
 * (against the bare baseline: p50/p99, requests/s = checks/s); then the students' task list read
 * during a burst of such submissions, against the same read quiet, so a class sending answers
 * never slows the class reading.
 */
import { postTask } from './api-calls.js';
import { BASELINE_PORT, measure, WARMUP_REQUESTS, type RunOptions } from './harness.js';
import { baselineAnswer, probe, runLoad, startBaseline, textAnswerSpec, type LoadResult, type RequestSpec, type RunningServer } from './load.js';
import type { EndpointResult } from './report.js';

/**
 * The burst's pace: a school of 1,000 students each sending a checked answer within the same ten
 * seconds (a lesson's peak is 30 answers in 10 s), on 16 connections. Until 2026-11-27 the burst
 * was 16 writers flat out, as many answers as the server would take (240-400 a second): a
 * saturation test, in which the writes take whatever share of the event loop they can and the
 * reads get the rest (26-40 % of the baseline). How fast the server judges answers flat out is
 * the "checked, auto mode" line; this one asks whether a class reading is slowed by a school
 * answering.
 */
export const CHECKED_BURST_PER_SECOND = 100;

export interface CheckedSubmissions {
  submissions: EndpointResult;
  /** The read alone, just before the burst. */
  quietReads: LoadResult;
  /** The same read while checked submissions arrive. */
  burstReads: LoadResult;
  /** The submissions of the burst. */
  burstWrites: LoadResult;
  /**
   * The bare baseline answering the same read with the bytes the server sent for it at the burst
   * (its task list has grown by the burst's and the checked line's tasks since the reads' own
   * line): run right before the quiet read and right after the burst; the ratio's denominator.
   */
  readBaseline: { requestsPerSecond: number; runs: number[]; responseBytes: number };
}

/**
 * The key of task `i` and the spellings its students send (right and wrong ones), in five kinds a
 * class meets. Every task has a key of its own (the numbers move with `i`): the server remembers
 * verdicts per key and answer (verdict-memo.ts), and a class repeats its spellings within a task,
 * not across different tasks. 48 tasks make ~210 different (key, answer) pairs, each sent by about
 * ten of the 50 students: the first of each is judged by a worker, the others are remembered.
 */
function keyOf(i: number): { kind: string; key: string; answers: string[] } {
  const n = Math.floor(i / 5) + 1;
  switch (i % 5) {
    case 0: {
      const [a, b] = [4 + n, 5 + n];
      return { kind: 'number', key: `${a}/${b}`, answers: [`${2 * a}/${2 * b}`, `\\frac{${a}}{${b}}`, (a / b).toFixed(2).replace('.', ','), `${b}/${a}`, `$\\frac{${a}}{${b}}$`] };
    }
    case 1: {
      const k = 1 + n;
      return { kind: 'number', key: `${k}\\sqrt{2}`, answers: [`\\sqrt{${2 * k * k}}`, `sqrt(${2 * k * k})`, (k * Math.SQRT2).toFixed(2), `${k}√3`] };
    }
    case 2: {
      const k = n;
      return { kind: 'expression', key: `x^2-${k * k}`, answers: [`(x-${k})(x+${k})`, `x^2+${k * k}`, `(x+${k})(x-${k})`, `x²-${k * k}`] };
    }
    case 3: {
      const k = 1 + n;
      return { kind: 'set', key: `x=${k}, x=${k + 1}`, answers: [`${k + 1}; ${k}`, `x=${k}, x=${k + 1}`, `${k}`, `{${k + 1}, ${k}}`] };
    }
    default:
      return { kind: 'text', key: `рівнобедрений ${n}`, answers: [`Рівнобедрений ${n}`, `рівносторонній ${n}`] };
  }
}

/** Auto-checked tasks `from` … `from + count - 1` in the group, each with its own key (keyOf). */
async function keyedTasks(url: string, teacherToken: string, groupId: number, from: number, count: number) {
  const made: { id: number; answers: string[] }[] = [];
  for (let i = from; i < from + count; i++) {
    const k = keyOf(i);
    const id = await postTask(url, teacherToken, groupId, { title: `Checked ${i}`, text: 'Solve it.', points: '2', answerKind: k.kind, answerKey: k.key, checkMode: 'auto' });
    made.push({ id, answers: k.answers });
  }
  return made;
}

export async function checkedSubmissions(
  server: RunningServer,
  teacherToken: string,
  groupId: number,
  studentTokens: string[],
  run: RunOptions,
): Promise<CheckedSubmissions> {
  // Every (student, task) pair answered once: no 409 whatever the verdict. The burst answers tasks
  // of its own, so none of its answers was judged (and remembered) before it.
  const pairsOf = (tasks: { id: number; answers: string[] }[]) =>
    studentTokens.flatMap((token, s) => tasks.map((t, k) => ({ token, taskId: t.id, answer: t.answers[(s + k) % t.answers.length]! })));
  const pairs = pairsOf(await keyedTasks(server.url, teacherToken, groupId, 0, 48));
  const burstPairs = pairsOf(await keyedTasks(server.url, teacherToken, groupId, 48, 48));
  let cursor = 0;
  const sample = textAnswerSpec(pairs[cursor++]!);
  const submissions = await measure(server, 'POST /api/solutions (checked, auto mode)', { sample, next: () => textAnswerSpec(pairs[cursor++ % pairs.length]!) }, { ...run, amount: pairs.length - 1, pairs: 1 });
  let burstCursor = 0;

  const read: RequestSpec = { method: 'GET', path: '/api/tasks/mine', headers: { authorization: `Bearer ${studentTokens[0]}` } };
  const seconds = Math.max(4, Math.min(run.seconds, 8));
  // The yardstick for this read as it is now (bytes and all), warmed like the reads' lines.
  const answer = await probe(server.url, read);
  const baseline = await startBaseline(baselineAnswer(read, answer), BASELINE_PORT);
  let quietReads: LoadResult, burstReads: LoadResult, burstWrites: LoadResult;
  const baselineRuns: number[] = [];
  try {
    await runLoad(baseline.url, read, { amount: WARMUP_REQUESTS });
    await runLoad(server.url, read, { amount: WARMUP_REQUESTS });
    baselineRuns.push((await runLoad(baseline.url, read, { seconds })).requestsPerSecond);
    quietReads = await runLoad(server.url, read, { seconds });
    [burstReads, burstWrites] = await Promise.all([
      runLoad(server.url, read, { seconds }),
      runLoad(server.url, { next: () => textAnswerSpec(burstPairs[burstCursor++ % burstPairs.length]!) }, { seconds, connections: 16, rate: CHECKED_BURST_PER_SECOND }),
    ]);
    baselineRuns.push((await runLoad(baseline.url, read, { seconds })).requestsPerSecond);
  } finally {
    await baseline.stop();
  }
  const readBaseline = { requestsPerSecond: Math.round((baselineRuns[0]! + baselineRuns[1]!) / 2), runs: baselineRuns, responseBytes: answer.body.length };
  console.log(
    `  tasks/mine during a burst of checked submissions: ${burstReads.requestsPerSecond} req/s p99 ${burstReads.p99} ms (quiet ${quietReads.requestsPerSecond} req/s p99 ${quietReads.p99} ms); the burst ${burstWrites.requestsPerSecond} checks/s p99 ${burstWrites.p99} ms, not 2xx ${burstWrites.non2xx}`,
  );
  console.log(`  the same read's baseline (${readBaseline.responseBytes} bytes): ${baselineRuns.join(' and ')} req/s before and after; during the burst ${Math.round((100 * burstReads.requestsPerSecond) / readBaseline.requestsPerSecond)} % of it`);
  return { submissions, quietReads, burstReads, burstWrites, readBaseline };
}

/**
 * Alone, for iterating on it (the full run has it in `npm run bench`): a student's task list quiet
 * and against its baseline, then during a burst of checked answers, with the ratio the report uses.
 *
 *   node_modules/.bin/tsx --conditions=source bench/checked-submissions.ts --db sqlite --seconds 3 [--cpu-prof DIR]
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { cliArg } = await import('./cli.js');
  const { login, PASSWORD, prepare, SERVER_PORT, DEFAULT_SECONDS } = await import('./harness.js');
  const { startServer } = await import('./load.js');
  const { PasswordHasher } = await import('../apps/server/src/lib/passwords.js');
  const { PRODUCTION_HASH_COST } = await import('../apps/server/src/config.js');
  const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
  const seconds = Number(cliArg('seconds', String(DEFAULT_SECONDS)));
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const prepared = await prepare(dialect, Number(cliArg('scale', '1')), await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
  const profileDir = cliArg('cpu-prof', '');
  const server = await startServer(prepared.env, SERVER_PORT, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  try {
    const { firstGroup } = prepared.school;
    const teacher = await login(server.url, firstGroup.teacherLogin);
    const students = await Promise.all(firstGroup.studentLogins.map((l) => login(server.url, l)));
    const run = { seconds, dialect } as const;
    await measure(server, 'GET /api/tasks/mine (student)', { method: 'GET', path: '/api/tasks/mine', headers: { authorization: `Bearer ${students[0]!.token}` } }, run);
    await checkedSubmissions(server, teacher.token, firstGroup.id, students.map((s) => s.token), run);
  } finally {
    await server.stop();
    await prepared.drop();
  }
}
