// Issue 50, item 1: KaTeX's size cap (issue 23) missed negative sizes and stacks:
// `$\raisebox{-5000em}{y}$` or `$\rule[-5000em]{1em}{1em}$` made the review page 98,442 px tall at
// 375 px and the queue 122,701 px; a matrix of `\rule{1em}{20em}` rows and `\\[20em]` row gaps
// did the same. No formula is drawn taller than 20 em now: a page with 20 hostile formulas is no
// taller than the same page with 20 plain ones plus 20 × 20 em.
import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

const rows = (n: number, row: string) => Array.from({ length: n }, () => row).join('');
const HOSTILE = [
  '$\\raisebox{-5000em}{y}$',
  '$$\\raisebox{-5000em}{y}$$',
  '$\\rule[-5000em]{1em}{1em}$',
  '$$\\rule[-5000em]{1em}{1em}$$',
  `$\\begin{matrix}${rows(200, '\\rule{1em}{20em}\\\\')}\\end{matrix}$`,
  `$$\\begin{aligned}${rows(60, 'a\\\\[20em]')}b\\end{aligned}$$`,
  `$\\begin{matrix}${rows(60, 'a\\\\[20em]')}b\\end{matrix}$`,
  '$\\raisebox{5000em}{y}$',
  '$\\rule[5000em]{1em}{1em}$',
  '$\\raisebox{-5000em}{\\rule{1em}{1em}}$',
  '$\\lower{5000em}{y}$',
  '$\\raise{-5000em}{y}$',
  '$\\vphantom{\\rule[-5000em]{1em}{1em}}x$',
  '$\\smash{\\rule[-5000em]{1em}{1em}}x$',
  '$\\rule[-20em]{1em}{20em}\\rule[-20em]{1em}{20em}$',
  '$$\\raisebox{-5000em}{y}\\raisebox{5000em}{y}$$',
  '$\\raisebox{-2500em}{\\raisebox{-2500em}{y}}$',
  '$\\begin{array}{c}\\rule[-5000em]{1em}{1em}\\end{array}$',
  '$\\frac{\\rule[-5000em]{1em}{1em}}{2}$',
  '$x_{\\rule[-5000em]{1em}{1em}}$',
];
/** The same layout with ordinary formulas: every fourth a display one, as in HOSTILE. */
const PLAIN = HOSTILE.map((_, i) => (i % 4 === 1 ? '$$x^2 + y^2 = z^2$$' : '$x^2 + y^2$'));
const text = (formulas: string[]) => formulas.map((f, i) => `${i + 1}. ${f}`).join('\n\n');

/** The page's height and the pixels of one KaTeX em on it. */
async function measure(page: Page): Promise<{ height: number; em: number }> {
  await expect(page.locator('.katex').first()).toBeVisible();
  return page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    em: parseFloat(getComputedStyle(document.querySelector('.katex')!).fontSize),
  }));
}

test('20 hostile formulas make a page no taller than 20 plain ones plus 20 × 20 em: arena, review page and queue at 375 px', async ({ page, request }) => {
  test.info().setTimeout(300_000);
  const figures: string[] = [];
  const heights: Record<string, Record<'plain' | 'hostile', { height: number; em: number }>> = { arena: {} as never, review: {} as never, queue: {} as never };
  for (const kind of ['plain', 'hostile'] as const) {
    const formulas = kind === 'plain' ? PLAIN : HOSTILE;
    const group = await newGroup(request, `Tall math ${kind}`);
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const pupil = await member(request, 'student', 'Марко Ткаченко', group.id);
    await apiTask(request, teacher, group.id, `Formulas ${kind}`, text(formulas));
    // The answer goes to a task of plain formulas: the queue shows the task beside the answer,
    // and each page then holds 20 formulas of its kind.
    const taskId = await apiTask(request, teacher, group.id, `Answer ${kind}`, text(PLAIN));

    await page.setViewportSize({ width: 375, height: 800 });
    await useLanguage(page, 'en');
    await signIn(page, pupil, PASSWORD, /\/student$/);
    heights.arena![kind] = await measure(page);
    if (kind === 'hostile') {
      await shoot(page, 'tall-math-arena');
      await switchLanguage(page, 'uk');
      await shoot(page, 'tall-math-arena');
      await switchLanguage(page, 'en');
      await page.setViewportSize({ width: 375, height: 800 });
    }
    await signOut(page);
    // The answer, once the arena has shown the task (an answered task leaves "Solve tasks").
    const token = await apiToken(request, pupil, PASSWORD);
    const sent = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer: text(formulas) }, headers: { Authorization: `Bearer ${token}` } });
    expect(sent.status()).toBe(201);

    await signIn(page, teacher, PASSWORD, /\/teacher/);
    await page.goto('/teacher/review');
    const answer = page.getByTestId('solution-review').first();
    const whole = answer.getByRole('button', { name: /Show the whole answer/ });
    if (await whole.count()) await whole.click();
    heights.review![kind] = await measure(page);
    if (kind === 'hostile') {
      await shoot(page, 'tall-math-review');
      await switchLanguage(page, 'uk');
      await shoot(page, 'tall-math-review');
      await switchLanguage(page, 'en');
      await page.setViewportSize({ width: 375, height: 800 });
    }
    await page.goto(`/teacher/review/queue?task=${taskId}`);
    await expect(page.getByTestId('queue-solution')).toBeVisible();
    heights.queue![kind] = await measure(page);
    if (kind === 'hostile') {
      await shoot(page, 'tall-math-queue');
      await switchLanguage(page, 'uk');
      await shoot(page, 'tall-math-queue');
      await switchLanguage(page, 'en');
      await page.setViewportSize({ width: 375, height: 800 });
    }
    await signOut(page);
  }
  for (const [where, h] of Object.entries(heights)) {
    const allowance = 20 * 20 * h.hostile.em;
    const line = `TALL-MATH: ${where} at 375 px: 20 plain formulas ${h.plain.height} px, 20 hostile ${h.hostile.height} px (allowed ${Math.round(h.plain.height + allowance)} px: + 20 × 20 em of ${h.hostile.em} px)`;
    console.log(line);
    figures.push(line);
    expect(h.hostile.height, line).toBeLessThanOrEqual(h.plain.height + allowance);
  }
  test.info().annotations.push({ type: 'figures', description: figures.join('\n') });
});
