import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword, createActiveUser, signIn, uniqueLogin, useLanguage } from './helpers';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const TEACHER_HOME = /\/teacher/;

/** The Students page's row of a login. */
const row = (page: Page, login: string) => page.locator('tr', { has: page.getByText(login, { exact: true }) });

/**
 * PRODUCT.md §16 in the browser: the Students page shows who the owner is, offers teacher accounts
 * only to the owner, lets the owner hand ownership on after confirming; "Log out" ends the token on
 * the server. Screenshots at 375 and 1280 px in both languages.
 */
test.describe('the owner and logging out', () => {
  const colleague = { login: uniqueLogin('colleague'), password: 'colleague-pass-1', name: 'Ірина Колега', role: 'teacher' as const };
  const another = { login: uniqueLogin('another'), password: 'another-pass-1', name: 'Петро Інший', role: 'teacher' as const };

  test.beforeAll(async ({ request }) => {
    await createActiveUser(request, colleague);
    await createActiveUser(request, another);
  });

  // The e2e server is shared by every spec: give the school back to `admin`, as whom the others work.
  test.afterAll(async ({ request }) => {
    const tokenOf = async (login: string, password: string) =>
      ((await (await request.post('/api/auth/login', { data: { login, password } })).json()) as { access_token: string }).access_token;
    const adminToken = await tokenOf('admin', adminPassword());
    const admin = (await (await request.get('/api/users/profile', { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as { id: number; owner?: boolean };
    if (admin.owner) return;
    const handedBack = await request.post(`/api/users/${admin.id}/owner`, { headers: { Authorization: `Bearer ${await tokenOf(colleague.login, colleague.password)}` } });
    expect(handedBack.status()).toBe(204);
  });

  for (const lang of ['en', 'uk'] as const) {
    test(`the owner's and a colleague's Students page (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      const ownerLabel = lang === 'en' ? 'Owner' : 'Власник';
      const makeOwner = lang === 'en' ? 'Make owner' : 'Зробити власником';
      const ownerOnly = lang === 'en' ? 'Only the owner manages teacher accounts' : 'Обліковими записами вчителів керує лише власник';

      await signIn(page, 'admin', adminPassword(), TEACHER_HOME);
      await page.goto('/teacher/students');
      await expect(row(page, 'admin').getByText(ownerLabel, { exact: true })).toBeVisible();
      await expect(row(page, colleague.login).getByRole('button', { name: `${makeOwner}: ${colleague.login}` })).toBeVisible();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `owner-students-${lang}-${width}.png`), fullPage: true });
      }
      await row(page, colleague.login).getByRole('button', { name: `${makeOwner}: ${colleague.login}` }).click();
      const dialog = page.locator('.p-confirm-dialog');
      await expect(dialog).toBeVisible();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `owner-confirm-${lang}-${width}.png`) });
      }
      await dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Скасувати' }).click();
      await expect(dialog).toBeHidden();

      // The colleague sees who the owner is and no actions on teacher accounts.
      await page.evaluate(() => window.localStorage.setItem('accessToken', ''));
      await signIn(page, colleague.login, colleague.password, TEACHER_HOME);
      await page.goto('/teacher/students');
      await expect(row(page, 'admin').getByText(ownerLabel, { exact: true })).toBeVisible();
      await expect(row(page, 'admin').getByRole('button')).toHaveCount(0);
      await expect(row(page, another.login).getByText(ownerOnly)).toBeVisible();
      await expect(row(page, another.login).getByRole('button')).toHaveCount(0);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `owner-colleague-view-${lang}-${width}.png`), fullPage: true });
      }
    });
  }

  test('Log out ends the token on the server, not only in this browser', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, colleague.login, colleague.password, TEACHER_HOME);
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const profile = (t: string) => page.request.get('/api/users/profile', { headers: { Authorization: `Bearer ${t}` } });
    expect((await profile(token!)).status()).toBe(200);
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(async () => (await profile(token!)).status()).toBe(401);
  });

  test('the owner hands ownership to a colleague after confirming', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, 'admin', adminPassword(), TEACHER_HOME);
    await page.goto('/teacher/students');
    await row(page, colleague.login).getByRole('button', { name: `Make owner: ${colleague.login}` }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Make owner' }).click();
    await expect(page.getByText(`${colleague.name} is now the school's owner.`)).toBeVisible();
    await expect(row(page, colleague.login).getByText('Owner', { exact: true })).toBeVisible();
    await expect(row(page, 'admin').getByText('Owner', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Make owner/ })).toHaveCount(0);
  });
});
