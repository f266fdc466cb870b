/**
 * `npm run bench:review`: how long the teacher's review page takes to become usable with a task
 * that has 50 answers of the maximum length (ANSWER_MAX) mixing prose, math and the hostile runs
 * that froze the hand-written Markdown parser (issue 14), on a slow phone's CPU.
 *
 * Self-contained (it starts the built server itself, seeds through the API, and drives system
 * Chromium with Playwright): build first (`npm run build`), then
 *
 *   npm run bench:review [-- --runs 3 --port 3391 --answers 50]
 *
 * Each run opens the page in a fresh browser context (cold cache) with the CPU slowed 4× through
 * the DevTools protocol (`Emulation.setCPUThrottlingRate`, as Lighthouse's mobile mode does) and
 * reports, from navigation start: when every answer is drawn with its formulas, time to interactive
 * (the end of the last long task before 2 s without one, and not before the answers are drawn:
 * Lighthouse's TTI with a shorter quiet window), total blocking time (the part of each long task
 * over 50 ms) and the longest task. The median of the runs is printed last.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_MAX } from '@mathclub/shared/constants';
import { chromium } from 'playwright-core';
import { call, login } from './api-calls.js';
import { cliArg } from './cli.js';
import { chromiumBinary } from './web.js';

const RUNS = Number(cliArg('runs', '3'));
const PORT = Number(cliArg('port', '3391'));
const ANSWERS = Number(cliArg('answers', '50'));
const THROTTLE = Number(cliArg('throttle', '4'));
/** `--profile`: also prints the functions with the most self time in the first run (CDP Profiler). */
const PROFILE = process.argv.includes('--profile');
const QUIET_MS = 2_000;
const PASSWORD = 'bench-review-8';
const root = path.resolve(import.meta.dirname, '..');

/** The built server on a fresh data directory, with limits high enough for the set-up's calls. */
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      SIGNUP_RATE_LIMIT_PER_IP: '100000',
    },
  });
  const url = `http://127.0.0.1:${PORT}`;
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * One answer of the maximum length (ANSWER_MAX characters as the server counts them): a worked solution (prose, inline and display math,
 * emphasis, a link, a list), then runs of the inputs that were quadratic for the old parser.
 */
function answer(k: number): string {
  const worked = [
    `Student ${k + 1}: move ${k + 1} to the right, so $x^2 = ${k + 1}$ and $x = \\pm\\sqrt{${k + 1}}$. *Both* roots check out, see [the notes](https://example.org/notes/${k}).`,
    `$$\\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a} = \\pm\\sqrt{${k + 1}}, \\quad \\sum_{i=1}^{${k + 2}} i = ${((k + 2) * (k + 3)) / 2}$$`,
    `- first $a_${k} = ${k}$\n- then **${k + 1}**\n- and \`x * y\` as code`,
  ].join('\n\n');
  const runs = ['[a](', '[', '*_', '$a', '![', '\\', '<', '`'];
  let text = `${worked}\n\n`;
  const room = ANSWER_MAX - text.length;
  const per = Math.floor(room / runs.length);
  for (const unit of runs) text += fill(unit, per - 2) + '\n\n';
  text = (text + fill('The end. ', ANSWER_MAX)).slice(0, ANSWER_MAX);
  // A multipart form sends each line break as CRLF, and the server counts both characters.
  return text.slice(0, ANSWER_MAX - (text.match(/\n/g) ?? []).length);
}

/** A group with the admin teaching it, one task, and ANSWERS students who each answered it. */
async function seed(url: string, dataDir: string) {
  const adminPassword = readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
  const admin = await login(url, 'admin', adminPassword);
  const group = (await call(url, 'POST', '/api/groups', { name: '9-В' }, admin.token)) as { id: number };
  await call(url, 'PATCH', '/api/users/teachers/profile', { name: 'Administrator', groups: [group.id] }, admin.token);
  const form = new FormData();
  form.set('title', 'Roots of a quadratic');
  form.set('text', 'Solve $x^2 - a = 0$ for every $a > 0$ and explain each step:\n\n$$x^2 - a = (x - \\sqrt{a})(x + \\sqrt{a})$$');
  form.set('level', 'beginner');
  form.set('points', '3');
  form.set('group', String(group.id));
  const task = (await call(url, 'POST', '/api/tasks', form, admin.token)) as { id: number };
  const teacher = await login(url, 'admin', adminPassword);
  for (let k = 0; k < ANSWERS; k++) {
    const name = `pupil${k}`;
    const created = (await call(url, 'POST', '/api/users', { login: name, password: PASSWORD, name: `Pupil ${k + 1}`, role: 'student', grade: 9, gradeLetter: 'В' })) as Record<string, unknown> & { id: number };
    const { id, ...fields } = created;
    await call(url, 'PUT', `/api/users/${id}`, { ...fields, activated: true }, admin.token);
    const student = await login(url, name, PASSWORD);
    await call(url, 'PATCH', '/api/users/students/profile', { groups: [group.id] }, student.token);
    const member = await login(url, name, PASSWORD);
    const body = new FormData();
    body.set('taskId', String(task.id));
    body.set('answer', answer(k));
    await call(url, 'POST', '/api/solutions', body, member.token);
  }
  return teacher;
}

/** What the page functions below use of the browser (the bench compiles without the DOM types). */
interface Page {
  document: { querySelectorAll(selector: string): { length: number }; querySelector(selector: string): unknown };
  localStorage: { setItem(key: string, value: string): void };
  benchLongTasks: { start: number; end: number }[];
  PerformanceObserver: new (callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => { observe(options: { type: string; buffered: boolean }): void };
}

/** An element as the wait below reads it. */
interface ScreenBox {
  getBoundingClientRect(): { top: number };
  querySelector(selector: string): unknown;
}

interface Run {
  drawnMs: number;
  ttiMs: number;
  tbtMs: number;
  longestMs: number;
  /** The longest task while scrolling through every answer after the page became interactive. */
  scrollLongestMs: number;
}

async function measure(url: string, storage: Record<string, string>): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: chromiumBinary(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    headless: true,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 });
    await context.addInitScript((entries) => {
      const w = globalThis as unknown as Page;
      for (const [k, v] of Object.entries(entries)) w.localStorage.setItem(k, v);
      const tasks: { start: number; end: number }[] = [];
      w.benchLongTasks = tasks;
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push({ start: e.startTime, end: e.startTime + e.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, storage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(`${url}/teacher/review`, { waitUntil: 'commit' });
    // Every answer on the page, and those on the screen drawn by the parser (answers further down
    // are drawn as they come near: ReviewAnswer.tsx), with no plain-text fallback left on screen.
    await page.waitForFunction(
      (n) => {
        const g = globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<ScreenBox> }; innerHeight: number };
        const answers = [...g.document.querySelectorAll('.review-answer')];
        if (answers.length < n) return false;
        const onScreen = answers.filter((a) => a.getBoundingClientRect().top < g.innerHeight);
        return onScreen.length > 0 && onScreen.every((a) => !a.querySelector('.math-text--plain'));
      },
      ANSWERS,
      { timeout: 120_000, polling: 100 },
    );
    const drawnMs = await page.evaluate(() => performance.now());
    // Then wait for a quiet window: QUIET_MS with no long task.
    for (;;) {
      const { now, lastEnd } = await page.evaluate(() => {
        const tasks = (globalThis as unknown as Page).benchLongTasks;
        return { now: performance.now(), lastEnd: tasks.reduce((m, t) => Math.max(m, t.end), 0) };
      });
      if (now - Math.max(lastEnd, drawnMs) >= QUIET_MS || now > 120_000) break;
      await page.waitForTimeout(250);
    }
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: (globalThis as unknown as Page).benchLongTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
    // Then the teacher reads on: every answer scrolled to in turn; the longest task while doing so is
    // what a scroll can stutter by (each answer is drawn as it comes near).
    const scrollFrom = await page.evaluate(() => performance.now());
    const count = await page.locator('.review-answer').count();
    for (let i = 0; i < count; i += 1) {
      await page.locator('.review-answer').nth(i).scrollIntoViewIfNeeded();
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(QUIET_MS);
    const scrollLongestMs = await page.evaluate(
      (from) => Math.max(0, ...(globalThis as unknown as Page).benchLongTasks.filter((t) => t.start >= from).map((t) => t.end - t.start)),
      scrollFrom,
    );
    const ttiMs = Math.max(drawnMs, ...tasks.map((t) => t.end));
    const tbtMs = tasks.filter((t) => t.start >= fcp && t.start < ttiMs).reduce((sum, t) => sum + Math.max(0, t.end - t.start - 50), 0);
    const longestMs = Math.max(0, ...tasks.map((t) => t.end - t.start));
    await context.close();
    return { drawnMs, ttiMs, tbtMs, longestMs, scrollLongestMs };
  } finally {
    await browser.close();
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The 15 functions with the most self time, from a DevTools CPU profile. */
function printProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}` : '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mathclub-review-'));
  const server = await startServer(dataDir);
  try {
    const started = Date.now();
    const teacher = await seed(server.url, dataDir);
    console.log(`seeded ${ANSWERS} answers of ${ANSWER_MAX} characters in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const storage = { accessToken: teacher.token, authenticatedUser: JSON.stringify(teacher.user), i18nextLng: 'en' };
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const runs: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      const run = await measure(server.url, storage);
      runs.push(run);
      console.log(`  run ${r + 1}: answers drawn ${run.drawnMs.toFixed(0)} ms, TTI ${run.ttiMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, longest task ${run.longestMs.toFixed(0)} ms, longest while scrolling ${run.scrollLongestMs.toFixed(0)} ms`);
    }
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const m = (k: keyof Run) => median(runs.map((r) => r[k])).toFixed(0);
    console.log(
      `review page, ${ANSWERS} answers × ${ANSWER_MAX} characters, ${THROTTLE}× CPU (median of ${RUNS}): answers drawn ${m('drawnMs')} ms, TTI ${m('ttiMs')} ms, TBT ${m('tbtMs')} ms, longest task ${m('longestMs')} ms, longest while scrolling ${m('scrollLongestMs')} ms`,
    );
  } finally {
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
