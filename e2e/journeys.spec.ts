import { expect, test } from '@playwright/test';
import { adminPassword, choose, createActiveUser, signIn, signOut, uniqueLogin, useLanguage } from './helpers';

test.describe('a student joins the club', () => {
  test('signs up, waits for activation, gets activated, chooses a group and logs out', async ({ page }) => {
    await useLanguage(page, 'en');
    const login = uniqueLogin('olia');
    const password = 'solve-it-8';
    const groupName = `7-Б olympiad ${login.slice(-4)}`;

    // The admin teacher creates a group on the Groups page.
    await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    await expect(page).toHaveURL(/\/teacher\/groups$/);
    await page.getByLabel('New group name').fill(groupName);
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByRole('cell', { name: groupName, exact: true })).toBeVisible();
    await signOut(page);

    // The student signs up.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.locator('#signup-login').fill(login);
    await page.locator('#signup-password').fill(password);
    await page.locator('#signup-confirm-password').fill(password);
    await page.locator('#signup-name').fill('Оля Коваль');
    await choose(page, 'signup-role', 'Student');
    await expect(page.locator('#signup-grade')).toHaveValue('6');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('waiting for activation by a teacher', { exact: false }).first()).toBeVisible();

    // Refused until activated: the server's 403 message shows.
    await page.locator('#login-login').fill(login);
    await page.locator('#login-password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.form__alert').getByRole('alert')).toContainText('activation');
    await expect(page).toHaveURL(/\/login$/);

    // The admin activates the student from the Students page.
    await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Students' }).click();
    const waiting = page.locator('.p-panel').filter({ hasText: 'Waiting for activation' });
    const row = waiting.getByRole('row').filter({ hasText: login });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Activate: ${login}` }).click();
    const activated = page.locator('.p-panel').filter({ hasText: 'Activated users' });
    await expect(activated.getByRole('row').filter({ hasText: login })).toBeVisible();
    await expect(waiting.getByRole('row').filter({ hasText: login })).toHaveCount(0);
    await signOut(page);

    // The student signs in, chooses the group in the profile, and logs out.
    await signIn(page, login, password, /\/student$/);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/student\/profile$/);
    await expect(page.getByText('You have not chosen a group yet.', { exact: false })).toBeVisible();
    await expect(page.locator('#profile-name')).toHaveAttribute('readonly', '');
    await choose(page, 'profile-group', groupName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authenticatedUser') ?? 'null') as { groups: { name: string }[] });
    expect(stored.groups.map((g) => g.name)).toEqual([groupName]);
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe('');
  });
});

test('an unknown path goes to /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user with the wrong role is sent to their own home', async ({ page, request }) => {
  const login = uniqueLogin('petro');
  await createActiveUser(request, { login, password: 'solve-it-8', name: 'Петро', role: 'student' });
  await signIn(page, login, 'solve-it-8', /\/student$/);
  await page.goto('/teacher/students');
  await expect(page).toHaveURL(/\/student$/);
  await signOut(page);
  await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
  await page.goto('/student/profile');
  await expect(page).toHaveURL(/\/teacher\/tasks$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/teacher\/tasks$/);
});

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('menuitem', { name: 'Що це' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Мова' }).selectOption({ label: 'English' });
  await expect(page.getByRole('menuitem', { name: 'What it is' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'What it is' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18next')?.value).toBe('en');
});
