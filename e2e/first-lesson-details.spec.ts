// The first lesson's smaller stumbles (issue 49, items 11, 13 and 19): a task not open yet in the
// Gradebook, the first-try streak, and the formula editor's plain typing for a keyed answer. The
// items that stopped or slowed a lesson (1–10) are in first-lesson.spec.ts.
import { expect, test } from '@playwright/test';
import { signIn, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD } from './tasks-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const LANGS = ['en', 'uk'] as const;

test('13: "first tries in a row" counts a second first-try success at once', async ({ page, request }) => {
  const group = await newGroup(request, 'Серія');
  const teacher = await member(request, 'teacher', 'Вчитель Серія', group.id);
  const student = await member(request, 'student', 'Учень Серія', group.id);
  const token = await apiToken(request, teacher, PASSWORD);
  for (const title of ['Streak one', 'Streak two']) {
    const made = await request.post('/api/tasks', {
      multipart: { title, text: 'What is $6 \\cdot 7$?', level: 'beginner', points: '1', group: String(group.id), answerKind: 'number', answerKey: '42', checkMode: 'auto' },
      headers: bearer(token),
    });
    expect(made.status()).toBe(201);
  }
  // Without live updates (a proxy that drops the stream, a phone that lost it): the arena's own
  // answer must bring the streak, not a live event that happens to follow it.
  await page.route('**/api/events', (route) => route.abort());
  await useLanguage(page, 'en');
  await signIn(page, student, PASSWORD, /\/student$/);
  for (const [i, title] of ['Streak one', 'Streak two'].entries()) {
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card.getByRole('button', { name: /Suggest solution/ }).click();
    await card.getByLabel('Your answer').fill('42');
    await card.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('instant-verdict')).toHaveAttribute('data-verdict', 'correct');
    await expect(page.getByText(`First tries in a row: ${i + 1}`)).toBeVisible();
  }
});

test('19: the formula editor puts plain typing, (x+1)(x-1), into a keyed answer box', async ({ page, request }) => {
  const group = await newGroup(request, 'Формула');
  const teacher = await member(request, 'teacher', 'Вчитель Формула', group.id);
  const student = await member(request, 'student', 'Учень Формула', group.id);
  const made = await request.post('/api/tasks', {
    multipart: { title: 'Factor it', text: 'Factor $x^2-1$.', level: 'beginner', points: '1', group: String(group.id), answerKind: 'expression', answerKey: 'x^2-1', checkMode: 'auto' },
    headers: bearer(await apiToken(request, teacher, PASSWORD)),
  });
  expect(made.status()).toBe(201);
  await useLanguage(page, 'en');
  await signIn(page, student, PASSWORD, /\/student$/);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Factor it', exact: true }) });
  await card.getByRole('button', { name: /Suggest solution/ }).click();
  await card.getByRole('button', { name: 'Type a formula' }).click();
  const field = card.locator('math-field');
  await expect(field).toBeVisible();
  await field.focus();
  await page.keyboard.type('(x+1)(x-1)');
  await card.getByRole('button', { name: 'Add to the answer' }).click();
  await expect(card.getByLabel('Your answer')).toHaveValue('(x+1)(x-1)');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('instant-verdict')).toHaveAttribute('data-verdict', 'correct');
});

test('11: a task not open yet is marked in the Gradebook with when it opens, not "0 % correct"', async ({ page, request }) => {
  const group = await newGroup(request, 'Розклад');
  const teacher = await member(request, 'teacher', 'Вчитель Розклад', group.id);
  await member(request, 'student', 'Учень Розклад', group.id);
  await apiTask(request, teacher, group.id, 'Open now', 'Solve.');
  const later = await request.post('/api/tasks', {
    multipart: { title: 'Opens later', text: 'Solve.', level: 'beginner', points: '1', group: String(group.id), opensAt: '2030-01-15T07:00:00.000Z' },
    headers: bearer(await apiToken(request, teacher, PASSWORD)),
  });
  expect(later.status()).toBe(201);
  for (const lang of LANGS) {
    await useLanguage(page, lang);
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/gradebook');
    const column = page.locator('th[data-not-open="true"]');
    await expect(column).toHaveCount(1);
    await expect(column).toContainText('Opens later');
    await expect(column).toContainText(lang === 'en' ? 'Not open yet' : 'Ще не відкрите');
    await expect(column).toContainText('15 січня 2030');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `/tmp/shots-49/i49-gradebook-not-open-${lang}-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `/tmp/shots-49/i49-gradebook-not-open-${lang}-1280.png`, fullPage: true });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
});
