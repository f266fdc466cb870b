import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { adminPassword, createActiveUser, signIn, uniqueLogin, useLanguage } from './helpers';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * Someone guesses a student's password: the teacher's Students page says so, with the count, in
 * both languages (the e2e server flags a login after 20 failures: e2e/start-server.mjs).
 * Screenshots at 375 and 1280 px.
 */
test.describe('failed sign-ins on the Students page', () => {
  const student = { login: uniqueLogin('guessed'), password: 'student-pass-1', name: 'Оксана Guessed', role: 'student' as const };

  test.beforeAll(async ({ request }) => {
    await createActiveUser(request, student);
    // 20 failures flag the login; from then on this address has one guess for it before waiting,
    // so the 21st is checked too and the 22nd would answer 429.
    for (let i = 0; i < 21; i++) {
      const res = await request.post('/api/auth/login', { data: { login: student.login, password: `not-it-${i}` } });
      expect(res.status()).toBe(401);
    }
  });

  for (const lang of ['en', 'uk'] as const) {
    test(`the teacher is told, with the count (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, 'admin', adminPassword(), /\/teacher/);
      // The page's two reads are awaited under the test's own limit, not the 10 s a step may take:
      // on a CI machine ~9x slower than a laptop (this test's English run took 17.8 s against 1.9)
      // the notice once missed those 10 s from the navigation, before its data had arrived.
      const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.ok(), { timeout: 0 });
      const read = Promise.all([answered('/api/users'), answered('/api/users/sign-in-warnings')]);
      await page.goto('/teacher/students');
      await read;
      const notice = page.getByRole('status').filter({ hasText: student.login });
      await expect(notice).toContainText(lang === 'en' ? 'Many failed sign-ins in the last 24 hours' : 'Багато невдалих спроб входу за останні 24 год');
      await expect(notice).toContainText(`${student.name} (${student.login}): ${lang === 'en' ? '21 wrong passwords' : '21 неправильний пароль'}`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // Nothing wider than the window at 375 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(shots, `sign-in-warnings-students-${lang}-${width}.png`) });
      }
    });
  }
});
