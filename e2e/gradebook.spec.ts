// Tasks a teacher can look after and the gradebook (PRODUCT.md §10, §11, issue 17): a typo fixed in
// a task that already has answers, a task closed and seen closed by a student, the gradebook with a
// cell opening that student's work on the review page, and the CSV download.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signOut, unfold, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function taskCard(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function apiAnswer(request: APIRequestContext, login: string, taskId: number, answer: string) {
  const token = await apiToken(request, login, PASSWORD);
  const response = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer }, headers: bearer(token) });
  expect(response.status()).toBe(201);
}

/** Opens the task's action menu and picks an item. */
async function taskAction(page: Page, title: string, item: string) {
  await taskCard(page, title).getByRole('button', { name: `Actions for “${title}”` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('tasks a teacher looks after, and the gradebook', () => {
  test('a typo fixed with answers kept, a task closed for a student, the gradebook cell to the solution, the CSV', async ({ page, request }) => {
    const group = await newGroup(request, '8-В gradebook');
    const teacher = await member(request, 'teacher', 'Ганна Коваленко', group.id);
    const olena = await member(request, 'student', 'Олена Шевчук', group.id);
    await member(request, 'student', 'Andrii Bondar', group.id);
    const typo = await apiTask(request, teacher, group.id, 'Fractons', 'Find $\\frac12 + \\frac14$.', 3);
    await apiTask(request, teacher, group.id, 'Squares to close', 'Find $7^2$.', 2);
    await apiAnswer(request, olena, typo, '3/4 — the common denominator is 4');

    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    // Counts on the card: one student answered, nobody judged yet, one waiting.
    const card = taskCard(page, 'Fractons');
    await expect(card.getByText('1 answered')).toBeVisible();
    await expect(card.getByText('1 waiting')).toBeVisible();

    // The typo, fixed in the same form: the header says which task is edited.
    await taskAction(page, 'Fractons', 'Edit');
    await expect(page.getByTestId('new-task-header')).toContainText('Edit task');
    await expect(page.getByLabel('Title')).toHaveValue('Fractons');
    await page.getByLabel('Title').fill('Fractions');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Task “Fractions” saved')).toBeVisible();
    await expect(taskCard(page, 'Fractions').getByText('1 answered')).toBeVisible();
    await expect(taskCard(page, 'Fractons')).toHaveCount(0);

    // Closed a minute ago (school time): the card says closed.
    await taskAction(page, 'Squares to close', 'Edit');
    const past = await page.evaluate(() => {
      const zone = 'Europe/Kyiv';
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
          .formatToParts(new Date(Date.now() - 120_000))
          .map((p) => [p.type, p.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
    });
    await unfold(page.getByTestId('task-window'));
    await page.getByLabel('Closes at').fill(past);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Task “Squares to close” saved')).toBeVisible();
    await expect(taskCard(page, 'Squares to close').getByText(/Closed \w/)).toBeVisible();
    await expect(taskCard(page, 'Fractions').getByText('Open', { exact: true })).toBeVisible();
    await shoot(page, 'teacher-tasks-counts');
    await switchLanguage(page, 'uk');
    await expect(taskCard(page, 'Squares to close').getByText(/Закрите \d/)).toBeVisible();
    await shoot(page, 'teacher-tasks-counts');
    await switchLanguage(page, 'en');
    await signOut(page);

    // The student sees it closed, with no way to answer; the API refuses an answer too.
    await signIn(page, olena, PASSWORD, /\/student$/);
    const closed = taskCard(page, 'Squares to close');
    await expect(closed.getByText('Closed: this task no longer takes answers')).toBeVisible();
    await expect(closed.getByRole('button', { name: /Suggest solution/ })).toHaveCount(0);
    const token = await apiToken(request, olena, PASSWORD);
    const tasks = (await (await request.get('/api/tasks/mine', { headers: bearer(token) })).json()) as { id: number; title: string }[];
    const closedId = tasks.find((t) => t.title === 'Squares to close')!.id;
    const refused = await request.post('/api/solutions', { multipart: { taskId: String(closedId), answer: '49' }, headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('TASK_CLOSED');
    await signOut(page);

    // The gradebook: the matrix, a cell opens that student's solution on the review page.
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Gradebook' }).click();
    await expect(page).toHaveURL(/\/teacher\/gradebook$/);
    const table = page.getByRole('table', { name: `Gradebook of ${group.name}: students and tasks` });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText(['Олена Шевчук', 'Andrii Bondar']);
    await expect(table.getByText('Andrii Bondar, Fractions: not answered, 0 attempts, 0 points')).toBeAttached();
    await shoot(page, 'teacher-gradebook');
    await switchLanguage(page, 'uk');
    await expect(page.getByRole('table', { name: `Журнал групи ${group.name}: учні й завдання` })).toBeVisible();
    await shoot(page, 'teacher-gradebook');
    await switchLanguage(page, 'en');

    // The CSV: a BOM, English headers, the Cyrillic name intact.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    // Named by the group and the date (issue 49), not gradebook-<id>.csv for every download.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^gradebook-${group.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`, 'u'));
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Student,Fractions,Squares to close,Points,Solved');
    expect(lines[1]).toBe('Олена Шевчук,waiting,,0,0');

    await table.getByRole('link', { name: 'Олена Шевчук, Fractions: waiting for review, 1 attempt, 0 points' }).click();
    await expect(page).toHaveURL(/\/teacher\/review\?task=\d+&student=\d+$/);
    await expect(page.getByText("One student's work on one task, from the gradebook.")).toBeVisible();
    await expect(page.getByText('3/4 — the common denominator is 4')).toBeVisible();
  });
});
