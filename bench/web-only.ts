/**
 * `npm run bench:web`: only the web half of the budget, without seeding a whole school. Starts the
 * built server (apps/server/dist, serving apps/web/dist) on a fresh data directory, creates a group,
 * a student in it, ten tasks and 26 reviewed or waiting answers to eight of them through the API
 * (the arena of a student who has worked at it, as the full bench has), then measures landing, login and the student
 * arena exactly as `npm run bench` does (bench/web.ts): first-load JS, and Lighthouse `--runs` times
 * per page (median, because the score moves with the machine's load), with FCP/LCP/TBT/CLS.
 *
 *   npm run build && npm run bench:web -- --runs 3 [--save /tmp/lh] [--pages landing,login]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { gotoAndSettle } from './wait-quiet.js';
import { call, login } from './api-calls.js';
import { cliArg } from './cli.js';
import { medianScores } from './lighthouse-median.js';
import { startServer } from './load.js';
import { chromiumBinary, measureFirstLoadJs, runLighthouse, type LighthouseScores, type PageToMeasure } from './web.js';

const RUNS = Number(cliArg('runs', '3'));
const PORT = Number(cliArg('port', '3390'));
const SAVE = cliArg('save', '');
const ONLY = cliArg('pages', '');
const SHOTS = cliArg('shots', '');
const PASSWORD = 'bench-web-8';

/** A group with the admin teaching it, one activated student in it, ten tasks with math and the student's answers. */
async function seed(url: string, dataDir: string) {
  const adminPassword = readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
  const admin = await login(url, 'admin', adminPassword);
  const group = (await call(url, 'POST', '/api/groups', { name: '7-Б' }, admin.token)) as { id: number };
  await call(url, 'PATCH', '/api/users/teachers/profile', { name: 'Administrator', groups: [group.id] }, admin.token);
  const created = (await call(url, 'POST', '/api/users', { login: 'pupil', password: PASSWORD, name: 'Olena Koval', role: 'student', grade: 7, gradeLetter: 'Б' })) as Record<string, unknown> & { id: number };
  const { id, ...fields } = created;
  await call(url, 'PUT', `/api/users/${id}`, { ...fields, activated: true }, admin.token);
  const student = await login(url, 'pupil', PASSWORD);
  await call(url, 'PATCH', '/api/users/students/profile', { groups: [group.id] }, student.token);
  const taskIds: number[] = [];
  for (let k = 0; k < 10; k++) {
    const form = new FormData();
    form.set('title', `Task ${k + 1}`);
    form.set('text', `Solve $x^2 - ${k + 1} = 0$ and explain each step.`);
    form.set('level', 'beginner');
    form.set('points', String((k % 5) + 1));
    form.set('group', String(group.id));
    taskIds.push(((await call(url, 'POST', '/api/tasks', form, admin.token)) as { id: number }).id);
  }
  // Log in again: the token then names the group.
  const member = await login(url, 'pupil', PASSWORD);
  await answerLikeAStudent(url, taskIds, member.token, admin.token);
  return member;
}

/**
 * A student who has worked at it (what the full bench's arena shows): 26 answers to 8 of the 10
 * tasks, some with math, reviewed by the teacher as correct, or incorrect with feedback and then
 * tried again; three still waiting, one back to solve after an incorrect answer, two never answered.
 * C = correct, I = incorrect (with feedback), W = waiting. A new answer is only accepted once the
 * previous one was reviewed as incorrect, so each line is answered and reviewed in order.
 */
const ATTEMPTS = ['IIIIC', 'IIIC', 'IIC', 'C', 'IIIW', 'IIIW', 'W', 'IIII'];
const FEEDBACK = ['Check the sign of the second root.', 'The answer is right, but explain why x² = a has two roots.', 'Not quite: √a is only one of them.'];

async function answerLikeAStudent(url: string, taskIds: number[], studentToken: string, teacherToken: string) {
  for (const [k, attempts] of ATTEMPTS.entries()) {
    const taskId = taskIds[k]!;
    for (const [a, verdict] of [...attempts].entries()) {
      const form = new FormData();
      form.set('taskId', String(taskId));
      form.set(
        'answer',
        a % 2 === 0
          ? `Move ${k + 1} to the right: $x^2 = ${k + 1}$, so $x = \\pm\\sqrt{${k + 1}}$.`
          : `Factor it: $(x - \\sqrt{${k + 1}})(x + \\sqrt{${k + 1}}) = 0$, so one of the brackets is zero and $x = \\pm\\sqrt{${k + 1}}$. Both roots check out when put back into the equation.`,
      );
      const { id } = (await call(url, 'POST', '/api/solutions', form, studentToken)) as { id: number };
      if (verdict === 'W') continue;
      const correct = verdict === 'C';
      await call(url, 'PUT', `/api/solutions/${id}`, { reviewed: true, correct, feedback: correct ? null : FEEDBACK[(k + a) % FEEDBACK.length] }, teacherToken);
    }
  }
}

/** Full-page screenshots of each page at phone and desktop width in both languages, to look at. */
async function screenshots(baseUrl: string, pages: PageToMeasure[], dir: string) {
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumBinary(), args: ['--no-sandbox', '--disable-gpu'], headless: true });
  try {
    for (const p of pages) {
      for (const lang of ['en', 'uk'] as const) {
        for (const width of [375, 1280]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          await context.addInitScript((entries) => {
            for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
          }, { ...p.storage, i18nextLng: lang });
          const page = await context.newPage();
          await gotoAndSettle(page, baseUrl + p.path);
          await page.waitForTimeout(300);
          const file = path.join(dir, `${p.name.replace(/\W+/g, '-')}-${lang}-${width}`);
          await page.screenshot({ path: `${file}.png`, fullPage: true });
          await page.screenshot({ path: `${file}-top.png` });
          // The arena's solution form loads on demand: one shot with the first one open.
          const suggest = page.locator('.solve-item__suggest').first();
          if (await suggest.count()) {
            await suggest.click();
            await page.locator('form.solution-form').first().waitFor();
            await page.waitForTimeout(300);
            await page.locator('.task-card').first().screenshot({ path: `${file}-form.png` });
          }
          // The list of one's solutions, its first answer open.
          const mine = page.locator('.my-solutions .p-accordion-header-link').first();
          if (await mine.count()) {
            await mine.click();
            await page.waitForTimeout(800);
            const first = page.locator('.my-solutions .p-accordion-tab').first();
            await first.evaluate((el) => el.scrollIntoView({ block: 'center' }));
            await first.screenshot({ path: `${file}-mine.png` });
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}


async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mathclub-web-'));
  // Only the web is measured: the production rate limits would refuse the set-up's calls.
  const server = await startServer({ DATA_DIR: dataDir }, PORT);
  try {
    const student = await seed(server.url, dataDir);
    const storage = { accessToken: student.token, authenticatedUser: JSON.stringify(student.user) };
    const all: PageToMeasure[] = [
      { name: 'landing', path: '/' },
      { name: 'login', path: '/login' },
      { name: 'student arena', path: '/student', storage },
    ];
    const pages = ONLY ? all.filter((p) => ONLY.split(',').some((o) => p.name.startsWith(o))) : all;
    if (SHOTS) {
      await screenshots(server.url, pages, SHOTS);
      if (RUNS === 0) return;
    }
    console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const js of await measureFirstLoadJs(server.url, pages)) {
      console.log(`  ${js.name}: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files} files`);
    }
    const runs: LighthouseScores[][] = [];
    for (let r = 0; r < RUNS; r++) {
      const saveDir = SAVE ? path.join(SAVE, String(r)) : undefined;
      if (saveDir) mkdirSync(saveDir, { recursive: true });
      const scores = await runLighthouse(server.url, pages, { saveDir });
      for (const s of scores) {
        const m = s.metrics!;
        console.log(`  run ${r + 1} ${s.name}: perf ${s.performance} a11y ${s.accessibility} bp ${s.bestPractices} | FCP ${m.fcp} LCP ${m.lcp} TBT ${m.tbt} CLS ${m.cls} SI ${m.speedIndex}`);
      }
      runs.push(scores);
    }
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('median of runs:');
    for (const s of medianScores(runs)) {
      const m = s.metrics!;
      console.log(`  ${s.name}: perf ${s.performance} (runs ${s.performanceRuns.join(', ')}) a11y ${s.accessibility} bp ${s.bestPractices} | FCP ${m.fcp} LCP ${m.lcp} TBT ${m.tbt} CLS ${m.cls} SI ${m.speedIndex}${s.benchmarkIndex ? ` | host benchmarkIndex ${s.benchmarkIndex}` : ''}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
