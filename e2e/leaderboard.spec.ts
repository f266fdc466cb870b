import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, useLanguage } from './helpers';
import { apiTask, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

function taskCard(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Answers a task in the arena the way a student does. */
async function solve(page: Page, title: string, answer: string) {
  const card = taskCard(page, title);
  await card.getByRole('button', { name: /Suggest solution/ }).click();
  await card.getByLabel('Your answer').fill(answer);
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(taskCard(page, title)).toHaveCount(0);
}

/** Marks a student's answer to a task correct on the Review page. */
async function judgeCorrect(page: Page, title: string, author: string) {
  const tab = page.locator('.p-accordion-tab').filter({ hasText: title });
  const answer = tab.getByTestId('solution-review').filter({ hasText: author });
  await expect(tab).toBeVisible();
  // The first task starts open; any other one opens with a click on its header.
  const shown = await answer.waitFor({ state: 'visible', timeout: 2000 }).then(
    () => true,
    () => false,
  );
  if (!shown) await tab.locator('.p-accordion-header').getByRole('button').first().click();
  await expect(answer).toBeVisible();
  await answer.getByRole('button', { name: 'Correct', exact: true }).click();
  const icon = answer.locator('[data-icon]');
  await expect(icon).toHaveAttribute('aria-label', 'Changed, not saved yet');
  // A click that lands while the tab is still sliding open can miss: press Save again until it is saved.
  await expect(async () => {
    if ((await icon.getAttribute('aria-label')) !== 'Reviewed') await answer.getByRole('button', { name: /^Save/ }).click();
    await expect(icon).toHaveAttribute('aria-label', 'Reviewed', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** The names of the leaderboard, top to bottom, with their ranks and points. */
async function standings(page: Page): Promise<string[]> {
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('leaderboard-table')).not.toHaveAttribute('aria-busy', 'true');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const rank = tr.querySelector('[data-testid="leaderboard-rank"]')?.textContent?.replace(/\D+/g, '') ?? '';
      const name = tr.querySelector('.leaderboard-table__name-text')?.textContent ?? '';
      const points = tr.querySelector('[data-testid="leaderboard-points"]')?.textContent ?? '';
      return `${rank} ${name} ${points}`;
    }),
  );
}

async function openLeaderboard(page: Page) {
  await page.getByRole('menuitem', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 2 })).toBeVisible();
}

test.describe('points and leaderboard', () => {
  test('two students solve, the teacher judges, and the ranks change for everyone', async ({ page, request }) => {
    const group = await newGroup(request, '6-В olympiad');
    const teacher = await member(request, 'teacher', 'Наталія Савченко', group.id);
    const oksana = await member(request, 'student', 'Оксана Левченко', group.id);
    const taras = await member(request, 'student', 'Тарас Бойко', group.id);
    const fractions = 'Adding fractions';
    const angles = 'Angles of a triangle';
    await apiTask(request, teacher, group.id, fractions, 'Find $\\frac{1}{2} + \\frac{1}{3}$.', 2);
    await apiTask(request, teacher, group.id, angles, 'Two angles of a triangle are $50°$ and $60°$. Find the third.', 3);

    // Before anyone scores: both listed at 0, no medals.
    await useLanguage(page, 'en');
    await signIn(page, oksana, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/0 points · rank 1 of 2 in your group/);
    await openLeaderboard(page);
    await expect(page.getByText(/Nobody has earned points this week yet/)).toBeVisible();
    await expect(page.getByRole('img', { name: /medal/ })).toHaveCount(0);

    // Oksana answers the fractions task; the teacher judges it correct: 2 + 1 accuracy + 3 speed.
    await page.getByRole('menuitem', { name: 'My Arena' }).click();
    await solve(page, fractions, '$\\frac{5}{6}$');
    await signOut(page);
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review');
    await judgeCorrect(page, fractions, 'Оксана Левченко');
    await openLeaderboard(page);
    await expect(page.getByTestId('leaderboard-group')).toContainText(group.name);
    expect(await standings(page)).toEqual(['1 Оксана Левченко 6', '2 Тарас Бойко 0']);
    await signOut(page);

    await signIn(page, oksana, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/6 points · rank 1 of 2 in your group/);
    await openLeaderboard(page);
    expect(await standings(page)).toEqual(['1 Оксана Левченко 6', '2 Тарас Бойко 0']);
    await expect(page.getByRole('img', { name: 'Gold medal, rank 1' })).toBeVisible();
    await expect(page.locator('tr[aria-current="true"]')).toContainText('Оксана Левченко');
    await signOut(page);

    // Taras answers both; both are judged correct: fractions 2 + 1 + 2 (second), angles 3 + 1 + 3.
    await signIn(page, taras, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/0 points · rank 2 of 2 in your group/);
    await solve(page, fractions, '$\\frac{5}{6}$');
    await solve(page, angles, '$70°$');
    await signOut(page);
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review');
    await judgeCorrect(page, fractions, 'Тарас Бойко');
    await judgeCorrect(page, angles, 'Тарас Бойко');
    await openLeaderboard(page);
    expect(await standings(page)).toEqual(['1 Тарас Бойко 12', '2 Оксана Левченко 6']);
    await expect(page.locator('tr[aria-current]')).toHaveCount(0);
    await shoot(page, 'teacher-leaderboard-journey');
    await switchLanguage(page, 'uk');
    await expect(page.getByRole('heading', { name: 'Рейтинг', level: 2 })).toBeVisible();
    await shoot(page, 'teacher-leaderboard-journey');
    await switchLanguage(page, 'en');
    await signOut(page);

    // Taras sees himself on top; the other periods agree, since everything happened today.
    await signIn(page, taras, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/12 points · rank 1 of 2 in your group/);
    await openLeaderboard(page);
    expect(await standings(page)).toEqual(['1 Тарас Бойко 12', '2 Оксана Левченко 6']);
    await expect(page.locator('tr[aria-current="true"]')).toContainText('Тарас Бойко');
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(page.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');
    expect(await standings(page)).toEqual(['1 Тарас Бойко 12', '2 Оксана Левченко 6']);
    await signOut(page);

    // Oksana sees she has been overtaken, in the arena and on the leaderboard, in both languages.
    await signIn(page, oksana, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/6 points · rank 2 of 2 in your group/);
    await shoot(page, 'student-arena-standing');
    await page.getByTestId('my-standing').getByRole('link', { name: 'See the leaderboard' }).click();
    await expect(page).toHaveURL(/\/student\/leaderboard$/);
    expect(await standings(page)).toEqual(['1 Тарас Бойко 12', '2 Оксана Левченко 6']);
    const mine = page.locator('tr[aria-current="true"]');
    await expect(mine).toContainText('Оксана Левченко');
    await expect(mine).toContainText('You');
    await expect(page.getByRole('img', { name: 'Silver medal, rank 2' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'How points are earned' })).toContainText('+3, +2 and +1');
    // Keyboard: the chosen period is in the tab order, arrows move along, Space chooses.
    await expect(page.getByRole('button', { name: 'This week' })).toHaveAttribute('tabindex', '0');
    await page.getByRole('button', { name: 'This week' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'This month' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    expect(await standings(page)).toEqual(['1 Тарас Бойко 12', '2 Оксана Левченко 6']);
    await page.getByRole('button', { name: 'This week' }).click();
    await shoot(page, 'student-leaderboard-journey');
    await switchLanguage(page, 'uk');
    await expect(page.locator('tr[aria-current="true"]')).toContainText('Ти');
    await expect(page.getByRole('complementary', { name: 'Як нараховуються бали' })).toBeVisible();
    await shoot(page, 'student-leaderboard-journey');
    // A client-side move keeps the language (a reload would run the English init script again).
    await page.getByRole('menuitem', { name: 'Моя арена' }).click();
    await expect(page.getByTestId('my-standing')).toHaveText(/6 балів · 2 місце з 2 у твоїй групі/);
    await shoot(page, 'student-arena-standing');
  });
});
