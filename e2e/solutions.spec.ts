import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut, useLanguage } from './helpers';
import { apiTask, member, newGroup, PASSWORD, pngImage, shoot, switchLanguage } from './tasks-helpers';

function taskCard(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function solutionOf(page: Page, taskTitle: string, author: string) {
  const tab = page.locator('.p-accordion-tab').filter({ hasText: taskTitle });
  return tab.getByTestId('solution-review').filter({ hasText: author });
}

async function openTask(page: Page, title: string) {
  const header = page.locator('.p-accordion-header').filter({ hasText: title });
  if ((await header.getAttribute('aria-expanded')) !== 'true' && !(await header.locator('[aria-expanded="true"]').count())) {
    await header.locator('a, button').first().click();
  }
}

test.describe('solutions and review', () => {
  test('a student answers with text and with a photo, retries after an incorrect verdict, and the statistics follow', async ({ page, request }) => {
    const group = await newGroup(request, '8-А algebra');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const pupil = await member(request, 'student', 'Марко Ткаченко', group.id);
    const linear = 'Linear equation';
    const triangle = 'Area of a triangle';
    await apiTask(request, teacher, group.id, triangle, 'A triangle has base $6$ and height $4$. Find its area.', 3);
    await apiTask(request, teacher, group.id, linear, 'Solve $2x + 10 = 0$.', 2);

    await useLanguage(page, 'en');
    await signIn(page, pupil, PASSWORD, /\/student$/);
    await expect(page.getByTestId('success-percent')).toHaveText('0%');
    await expect(page.getByText('No answers yet. Solve your first task below!')).toBeVisible();

    // Text answer.
    let card = taskCard(page, linear);
    await card.getByRole('button', { name: /Suggest solution/ }).click();
    const send = card.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await card.getByLabel('Your answer').fill('   ');
    await expect(send).toBeDisabled();
    await card.getByLabel('Your answer').fill('$x = 5$');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(taskCard(page, linear)).toHaveCount(0);
    await expect(page.getByTestId('stat-inReview')).toContainText('1');

    // Photo answer.
    card = taskCard(page, triangle);
    await card.getByRole('button', { name: /Suggest solution/ }).click();
    await card.locator('input[type="file"]').first().setInputFiles({ name: 'solution.png', mimeType: 'image/png', buffer: pngImage(300, 200) });
    await expect(card.getByText('solution.png')).toBeVisible();
    await card.getByLabel('Your answer').fill('Area $= \\frac{1}{2} \\cdot 6 \\cdot 4 = 12$, see the photo.');
    await shoot(page, 'student-solution-form');
    await card.getByRole('button', { name: 'Send' }).click();
    await expect(taskCard(page, triangle)).toHaveCount(0);
    await expect(page.getByTestId('stat-inReview')).toContainText('2');
    await expect(page.getByText('You have answered every task. Well done!')).toBeVisible();
    await shoot(page, 'student-arena-in-review');
    await signOut(page);

    // The teacher marks the text answer incorrect with feedback and the photo correct.
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/teacher\/review$/);
    await openTask(page, linear);
    let answer = solutionOf(page, linear, 'Марко Ткаченко');
    await expect(answer.locator('[data-icon]')).toHaveAttribute('aria-label', 'Waiting for review');
    await expect(answer.getByRole('button', { name: /^Save/ })).toBeDisabled();
    await answer.getByRole('button', { name: 'Incorrect', exact: true }).click();
    await expect(answer.locator('[data-icon]')).toHaveAttribute('aria-label', 'Changed, not saved yet');
    await answer.getByLabel('Feedback for the student (optional)').fill('Check the sign: 2x = −10.');
    await answer.getByRole('button', { name: /^Save/ }).click();
    await expect(answer.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');
    await openTask(page, triangle);
    const photo = solutionOf(page, triangle, 'Марко Ткаченко');
    // The photo's alt names its author and task (PRODUCT.md §14).
    await expect(photo.getByRole('img', { name: `Photo of Марко Ткаченко's solution to “${triangle}”` })).toBeVisible();
    const box = await photo.locator('.marked-photo__image').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(200);
    // From the keyboard: focus the verdict, press C, then Ctrl+Enter.
    await photo.getByRole('button', { name: 'Correct', exact: true }).focus();
    await page.keyboard.press('c');
    await page.keyboard.press('Control+Enter');
    await expect(photo.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');
    await shoot(page, 'teacher-review-journey');
    await signOut(page);

    // The student sees the verdict and the feedback, and retries.
    await signIn(page, pupil, PASSWORD, /\/student$/);
    await expect(page.getByTestId('success-percent')).toHaveText('50%');
    await expect(page.getByTestId('stat-correct')).toContainText('1');
    await expect(page.getByTestId('stat-incorrect')).toContainText('1');
    await expect(page.getByTestId('stat-inReview')).toHaveCount(0);
    card = taskCard(page, linear);
    await expect(card).toContainText('Your answer was not correct. Try again!');
    await expect(card).toContainText('Check the sign: 2x = −10.');
    const mine = page.locator('.my-solutions');
    await mine.getByRole('tab', { name: new RegExp(linear) }).or(mine.locator('.p-accordion-header-link').filter({ hasText: linear })).first().click();
    await expect(mine).toContainText('Check the sign: 2x = −10.');
    await shoot(page, 'student-arena-feedback');
    await card.getByRole('button', { name: /Suggest solution/ }).click();
    await card.getByLabel('Your answer').fill('$x = -5$');
    await card.getByRole('button', { name: 'Send' }).click();
    await expect(taskCard(page, linear)).toHaveCount(0);
    await expect(page.getByTestId('stat-inReview')).toContainText('1');
    await expect(page.getByTestId('stat-incorrect')).toHaveCount(0);
    await signOut(page);

    // The teacher, filtering to work that waits, marks the retry correct.
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review');
    await page.getByRole('button', { name: 'Waiting for review' }).click();
    await expect(page.locator('.p-accordion-tab')).toHaveCount(1);
    answer = solutionOf(page, linear, 'Марко Ткаченко');
    await expect(answer).toContainText('x');
    await answer.getByRole('button', { name: 'Correct', exact: true }).click();
    await answer.getByRole('button', { name: /^Save/ }).click();
    await expect(answer.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');
    await signOut(page);

    // The statistics reach 100%.
    await signIn(page, pupil, PASSWORD, /\/student$/);
    await expect(page.getByTestId('success-percent')).toHaveText('100%');
    await expect(page.getByTestId('stat-correct')).toContainText('2');
    await shoot(page, 'student-arena-done');
    await switchLanguage(page, 'uk');
    await expect(page.getByText('Розв\'язано правильно')).toBeVisible();
    await shoot(page, 'student-arena-done');
    await switchLanguage(page, 'en');
    await signOut(page);

    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review');
    await switchLanguage(page, 'uk');
    await expect(page.getByText('Клавіатура', { exact: false })).toBeVisible();
    await shoot(page, 'teacher-review-journey');
  });
});
