import { expect, test, type Page } from '@playwright/test';
import { signIn, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

/**
 * PRODUCT.md §12 in two browsers at once: a teacher's open review page shows a new answer without
 * a reload (keeping what the teacher is typing), and the student's open arena shows the verdict,
 * a toast and the unread badge the moment the teacher saves it.
 */
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

test('live: an answer reaches the open review page, the verdict the open arena, with a toast and the badge', async ({ browser, request }) => {
  const group = await newGroup(request, 'Live 9-В');
  const teacher = await member(request, 'teacher', 'Олена Бойко', group.id);
  const pupil = await member(request, 'student', 'Тарас Коваль', group.id);
  const classmate = await member(request, 'student', 'Соломія Гнатюк', group.id);
  const title = 'Sum of angles';
  const taskId = await apiTask(request, teacher, group.id, title, 'Find the sum of the angles of a triangle.', 3);
  // An answer already waiting, on which the teacher starts typing feedback.
  const sent = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer: '$180°$' }, headers: { Authorization: `Bearer ${await apiToken(request, classmate, PASSWORD)}` } });
  expect(sent.status()).toBe(201);

  const teacherContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  const studentPage = await studentContext.newPage();
  await useLanguage(teacherPage, 'en');
  await useLanguage(studentPage, 'en');

  await signIn(teacherPage, teacher, PASSWORD, /\/teacher\/tasks$/);
  await teacherPage.goto('/teacher/review');
  await openTask(teacherPage, title);
  const earlier = solutionOf(teacherPage, title, 'Соломія Гнатюк');
  await earlier.getByLabel('Feedback for the student (optional)').fill('Half-typed note');

  await signIn(studentPage, pupil, PASSWORD, /\/student$/);
  const card = studentPage.locator('article').filter({ has: studentPage.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: /Suggest solution/ }).click();
  await card.getByLabel('Your answer').fill('$180^\\circ$, the angles make a straight line');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(studentPage.getByTestId('stat-inReview')).toContainText('1');

  // The review page shows the new answer where it belongs, without a reload, and the note stays.
  const fresh = solutionOf(teacherPage, title, 'Тарас Коваль');
  await expect(fresh).toBeVisible();
  await expect(fresh).toContainText('the angles make a straight line');
  await expect(earlier.getByLabel('Feedback for the student (optional)')).toHaveValue('Half-typed note');

  // The teacher judges: the arena shows the verdict, the toast and the unread badge.
  await fresh.getByRole('button', { name: 'Correct', exact: true }).click();
  await fresh.getByLabel('Feedback for the student (optional)').fill('Exactly: a straight angle.');
  await fresh.getByRole('button', { name: /^Save/ }).click();
  await expect(fresh.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');

  await expect(studentPage.getByTestId('live-toast').first()).toContainText(`Your answer to “${title}” is correct`);
  await expect(studentPage.getByTestId('stat-correct')).toContainText('1');
  await expect(studentPage.getByTestId('stat-inReview')).toHaveCount(0);
  await expect(studentPage.getByTestId('unread-badge')).toBeVisible();
  // The group's only task this week, solved: the first correct answer and a whole week.
  await expect(studentPage.getByTestId('achievement-earned')).toHaveCount(2);
  await expect(studentPage.getByTestId('achievement-earned').first()).toContainText('First correct answer');
  await expect(studentPage.getByTestId('achievements')).toContainText('A whole week solved');

  // The arena with its achievements, the badge, then the notification list, in both languages.
  await studentPage.getByTestId('live-toast').getByRole('button').first().click();
  await shoot(studentPage, 'live-arena-achievements');
  await studentPage.getByTestId('user-menu-button').click();
  const items = studentPage.getByTestId('notification-item');
  // Newest first: the achievements announced after the verdict, then the verdict with its feedback.
  await expect(items.first()).toContainText('Achievement earned');
  const verdict = items.filter({ hasText: `“${title}”: your answer is correct` });
  await expect(verdict).toContainText('Exactly: a straight angle.');
  await shoot(studentPage, 'live-notifications');
  // Shown means read: the badge goes.
  await expect(studentPage.getByTestId('unread-badge')).toHaveCount(0);
  await studentPage.keyboard.press('Escape');
  await switchLanguage(studentPage, 'uk');
  await expect(studentPage.getByTestId('achievements')).toContainText('Перша правильна відповідь');
  await shoot(studentPage, 'live-arena-achievements');
  await studentPage.getByTestId('user-menu-button').click();
  await expect(studentPage.getByTestId('notification-item').filter({ hasText: 'відповідь правильна' })).toHaveCount(1);
  await shoot(studentPage, 'live-notifications');

  await teacherContext.close();
  await studentContext.close();
});

test('live: the unread badge on a teacher’s avatar when an answer arrives', async ({ page, request }) => {
  const group = await newGroup(request, 'Live badge');
  const teacher = await member(request, 'teacher', 'Ігор Савчук', group.id);
  const pupil = await member(request, 'student', 'Дарина Лисенко', group.id);
  const taskId = await apiTask(request, teacher, group.id, 'Badge task', 'What is $2+2$?', 1);
  await useLanguage(page, 'en');
  await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  const sent = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer: '4' }, headers: { Authorization: `Bearer ${await apiToken(request, pupil, PASSWORD)}` } });
  expect(sent.status()).toBe(201);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await expect(page.getByTestId('live-toast').first()).toContainText('Дарина Лисенко answered “Badge task”');
  await page.getByTestId('live-toast').getByRole('button').first().click();
  await shoot(page, 'live-teacher-badge');
  await switchLanguage(page, 'uk');
  await shoot(page, 'live-teacher-badge');

  // The achievements' rules beside the bonuses, from the shared constants, in both languages.
  await page.goto('/teacher/leaderboard');
  await expect(page.getByRole('heading', { name: 'Achievements and streaks' })).toBeVisible();
  await expect(page.getByText('3, 10 tasks in a row right at the first try')).toBeVisible();
  await shoot(page, 'live-leaderboard-rules');
  await switchLanguage(page, 'uk');
  await expect(page.getByRole('heading', { name: 'Досягнення та серії' })).toBeVisible();
  await shoot(page, 'live-leaderboard-rules');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Achievements and streaks' })).toBeVisible();
  await expect(page.getByText('Your first correct answer, then 5, 25, 100 tasks solved')).toBeVisible();
  await shoot(page, 'live-landing-rules');
  await switchLanguage(page, 'uk');
  await expect(page.getByText('Перша правильна відповідь, далі 5, 25, 100 розв’язаних завдань')).toBeVisible();
  await shoot(page, 'live-landing-rules');
});
