// Issue 23, item 7: one formula must not draw over the page. `$\rule{5000em}{5000em}$` in a task
// made the student's arena 96,831 × 98,130 px at 375 px wide; the same renderer draws students'
// answers on the teacher's review page and the teacher's feedback in the arena.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signOut, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

const GIANT = '$\\rule{5000em}{5000em}$';
const UNBROKEN = 'W'.repeat(2000);
const TASK_TEXT = [
  'Find $x$ when $x^2 = 2$, see [the hint](https://example.org/hints/quadratic-equations) and *explain* each step.',
  `A hostile formula: ${GIANT} and a long word: ${UNBROKEN}`,
  '$$\\rule{5000em}{20em}\\kern{9000em}x$$',
  '`' + 'c'.repeat(1500) + '`',
].join('\n\n');
const ANSWER = `My answer: $x = \\pm\\sqrt{2}$ (see [notes](https://example.org/notes)). ${GIANT} ${UNBROKEN}\n\n$$\\rule{5000em}{5000em}$$`;
const FEEDBACK = `Check the sign: $x = -\\sqrt{2}$ also works. ${GIANT} ${'F'.repeat(1000)}`;

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what}: page ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** The box draws its content inside itself: its right edge is within the window. */
async function expectInsideWindow(page: Page, box: Locator, what: string) {
  const rect = await box.evaluate((el) => el.getBoundingClientRect().toJSON() as { right: number; width: number });
  const innerWidth = await page.evaluate(() => window.innerWidth);
  expect(rect.right, `${what}: right edge`).toBeLessThanOrEqual(innerWidth);
}

async function shootBox(page: Page, box: Locator, name: string) {
  const lang = await page.evaluate(() => document.documentElement.lang);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await box.scrollIntoViewIfNeeded();
    await box.screenshot({ path: path.join(shots, `${name}-${lang}-${width}.png`) });
  }
}

test('a giant \\rule and a long word in a task, an answer and feedback stay inside their boxes at 375 px', async ({ page, request }) => {
  const group = await newGroup(request, 'Hostile math');
  const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
  const pupil = await member(request, 'student', 'Марко Ткаченко', group.id);
  const other = await member(request, 'student', 'Оля Бондар', group.id);
  const title = 'Quadratic with a trap';
  const taskId = await apiTask(request, teacher, group.id, title, TASK_TEXT);

  // One student's answer for the review page; another student's, judged incorrect with feedback,
  // so the feedback shows in that student's arena next to the task.
  for (const login of [pupil, other]) {
    const token = await apiToken(request, login, PASSWORD);
    const sent = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer: ANSWER }, headers: { Authorization: `Bearer ${token}` } });
    expect(sent.status()).toBe(201);
    if (login === other) {
      const teacherToken = await apiToken(request, teacher, PASSWORD);
      const { id } = (await sent.json()) as { id: number };
      const judged = await request.put(`/api/solutions/${id}`, {
        data: { reviewed: true, correct: false, feedback: FEEDBACK },
        headers: { Authorization: `Bearer ${teacherToken}` },
      });
      expect(judged.status()).toBe(200);
    }
  }

  await page.setViewportSize({ width: 375, height: 800 });
  await useLanguage(page, 'en');

  // The student's arena: the task, drawn with KaTeX, and the teacher's feedback.
  await signIn(page, other, PASSWORD, /\/student$/);
  const card = page.locator('article.task-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.locator('.task-card__text .katex').first()).toBeVisible();
  await expect(card.locator('.retry-note__feedback .katex').first()).toBeVisible();
  await expect(card.getByRole('link', { name: 'the hint' })).toHaveAttribute('href', 'https://example.org/hints/quadratic-equations');
  await expectNoSidewaysScroll(page, 'student arena');
  await expectInsideWindow(page, card, 'task card');
  await expectInsideWindow(page, card.locator('.task-card__text'), 'task text');
  await expectInsideWindow(page, card.locator('.retry-note__feedback .math-text'), 'feedback');
  // The capped rule is drawn (20 em), not dropped.
  const rule = card.locator('.task-card__text .katex-rule').first();
  expect((await rule.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  await shootBox(page, card, 'hostile-math-task-card');
  await shoot(page, 'hostile-math-arena');
  await page.setViewportSize({ width: 375, height: 800 });
  await switchLanguage(page, 'uk');
  await shootBox(page, card, 'hostile-math-task-card');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, 'student arena (uk)');
  await signOut(page);

  // The teacher's review page with such an answer.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, teacher, PASSWORD, /\/teacher/);
  await page.goto('/teacher/review');
  const answer = page.getByTestId('solution-review').filter({ hasText: 'Марко Ткаченко' });
  // A long answer shows its beginning first (ReviewAnswer.tsx): open all of it, hostile parts included.
  await answer.getByRole('button', { name: /Show the whole answer/ }).click();
  await expect(answer.locator('.solution-review__answer .katex').first()).toBeVisible();
  await expect(answer.getByRole('link', { name: 'notes' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expectNoSidewaysScroll(page, 'review page');
  await expectInsideWindow(page, answer, 'review answer');
  await expectInsideWindow(page, answer.locator('.solution-review__answer'), 'answer text');
  await shootBox(page, answer, 'hostile-math-review-answer');
  await page.setViewportSize({ width: 375, height: 800 });
  await switchLanguage(page, 'uk');
  await expectNoSidewaysScroll(page, 'review page (uk)');
  await shootBox(page, answer, 'hostile-math-review-answer');
});
