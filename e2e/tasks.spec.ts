import { expect, test } from '@playwright/test';
import { choose, signIn, signOut, useLanguage } from './helpers';
import { member, newGroup, PASSWORD, pngImage, shoot, switchLanguage } from './tasks-helpers';

test.describe('tasks', () => {
  test('a teacher publishes a task with a formula and an image; only that group sees it; the teacher deletes it', async ({ page, request }) => {
    const olympiad = await newGroup(request, '7-Б olympiad');
    const geometry = await newGroup(request, 'Geometry circle');
    const teacher = await member(request, 'teacher', 'Олена Петрівна', olympiad.id);
    const pupil = await member(request, 'student', 'Оля Коваль', olympiad.id);
    const outsider = await member(request, 'student', 'Петро Бондар', geometry.id);
    const title = 'Squares of small numbers';

    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
    await expect(page.getByText('No tasks yet. Create the first one above.')).toBeVisible();

    // Validation first: nothing typed.
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Add a text or an image')).toBeVisible();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text').fill('Compute $x^2$ for $x = 7$.\n\n$$\\sqrt{49} = 7$$');
    // The draft shows in the panel header after the debounce, and the math preview renders.
    const header = page.getByTestId('new-task-header');
    await expect(header).toContainText('“Squares of small num”');
    await expect(header).toContainText('editing');
    await expect(page.locator('.task-form__preview .katex').first()).toBeVisible();
    await page.locator('#task-image').setInputFiles({ name: 'triangle.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByText('Change image')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Chosen image' })).toBeVisible();
    await choose(page, 'task-level', 'Experienced');
    await choose(page, 'task-points', '3');
    await expect(page.locator('.p-dropdown:has(#task-group) .p-dropdown-label')).toHaveText(olympiad.name);
    await shoot(page, 'teacher-tasks-form');

    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByText(`Task “${title}” was added successfully`)).toBeVisible();
    await expect(page.getByLabel('Title')).toBeHidden(); // the panel collapsed
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await expect(card.locator('.katex').first()).toBeVisible();
    await expect(card.getByRole('img', { name: `Picture for the task “${title}”` })).toBeVisible();
    await expect(card).toContainText('Experienced');
    await expect(card).toContainText('3 points');
    await expect(card).toContainText(olympiad.name);
    await expect(card).toContainText('Олена Петрівна');
    const box = await card.locator('.task-card__image').boundingBox();
    expect(box!.height).toBeLessThanOrEqual(120);
    await page.getByText(`Task “${title}” was added successfully`).waitFor({ state: 'hidden' });
    await shoot(page, 'teacher-tasks-list');
    await switchLanguage(page, 'uk');
    await page.getByRole('button', { name: 'Нове завдання' }).click();
    await expect(page.getByRole('button', { name: 'Створити завдання' })).toBeInViewport();
    await shoot(page, 'teacher-tasks-list');
    await switchLanguage(page, 'en');
    await signOut(page);

    // A student of the group sees it, with the formula typeset.
    await signIn(page, pupil, PASSWORD, /\/student$/);
    const seen = page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(seen).toBeVisible();
    await expect(seen.locator('.katex').first()).toBeVisible();
    await expect(seen.getByRole('img', { name: `Picture for the task “${title}”` })).toBeVisible();
    await signOut(page);

    // A student of another group does not.
    await signIn(page, outsider, PASSWORD, /\/student$/);
    await expect(page.getByText('There are no tasks for your group yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    await signOut(page);

    // The teacher deletes it after confirming.
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByRole('button', { name: `Actions for “${title}”` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    await expect(dialog).toContainText(`Delete “${title}”?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    await expect(page.getByText('No tasks yet. Create the first one above.')).toBeVisible();
  });

  test('on a phone the image choice offers the camera and keeps the gallery', async ({ browser, request }) => {
    const group = await newGroup(request, 'Phone class');
    const teacher = await member(request, 'teacher', 'Тарас Шевчук', group.id);
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await expect(page.getByRole('button', { name: 'Take a photo' })).toBeVisible();
    await expect(page.locator('input[type="file"][capture="environment"][accept="image/*"]')).toHaveCount(1);
    await expect(page.getByText('Choose image')).toBeVisible();
    await context.close();
  });

  test('the landing and login pages never download KaTeX', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    await page.goto('/login');
    await expect(page.locator('#login-login')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded.filter((url) => /katex|MathTextRenderer/i.test(url))).toEqual([]);
  });
});
