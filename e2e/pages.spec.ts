import { expect, test, type Page } from '@playwright/test';
import { adminPassword, choose, createActiveUser, createGroup, signIn, uniqueLogin, useLanguage } from './helpers';
import { shoot } from './tasks-helpers';

const LANGS = ['en', 'uk'] as const;

/** Every page is photographed at both widths, its first screen on a phone too, and scanned (tasks-helpers.ts). */
const check = (page: Page, name: string) => shoot(page, name, { top: true });

// No page may log an error or throw (a missing favicon, a failed request, a React warning…).
let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

const publicPages = [
  { name: 'landing', path: '/' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
  { name: 'login', path: '/login' },
  { name: 'signup', path: '/signup' },
  { name: 'help', path: '/help' },
];
const teacherPages = ['students', 'tasks', 'review', 'groups', 'import', 'leaderboard', 'gradebook', 'profile'];
const studentPages = [
  { name: 'student-arena', path: '/student' },
  { name: 'student-leaderboard', path: '/student/leaderboard' },
  { name: 'student-profile', path: '/student/profile' },
];

for (const lang of LANGS) {
  test.describe(`every page in ${lang}`, () => {
    test('public pages', async ({ page }) => {
      await useLanguage(page, lang);
      for (const p of publicPages) {
        await page.goto(p.path);
        await expect(page.locator('h1')).toBeVisible();
        await check(page, p.name);
      }
      // The sign-up form with a student's extra fields and every validation message showing.
      await page.goto('/signup');
      await choose(page, 'signup-role', lang === 'en' ? 'Student' : 'Учень');
      await page.locator('#signup-grade').fill('');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.field-error').first()).toBeVisible();
      await check(page, 'signup-errors');
    });

    test('teacher pages', async ({ page, request }) => {
      // Eight pages, each scanned and photographed at two widths: 1.5 min on a busy 2-core CI
      // machine, 3.7 min on a slow one, past the limit a single journey gets.
      test.slow();
      await createGroup(request, `Geometry circle ${lang}`);
      await createActiveUser(request, { login: uniqueLogin('waiting'), password: 'solve-it-8', name: 'Марія Шевченко', role: 'student' });
      await request.post('/api/users', {
        data: { login: uniqueLogin('new'), password: 'solve-it-8', name: 'Андрій Бондар', role: 'student', grade: 5, gradeLetter: 'В' },
      });
      await useLanguage(page, lang);
      await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
      for (const name of teacherPages) {
        await page.goto(`/teacher/${name}`);
        // The page's own title (the owner's first-run checklist above it has a heading too).
        await expect(page.locator('h2.page-title')).toBeVisible();
        await check(page, `teacher-${name}`);
      }
    });

    test('student pages', async ({ page, request }) => {
      const login = uniqueLogin('student');
      await createActiveUser(request, { login, password: 'solve-it-8', name: 'Оля Коваль', role: 'student' });
      await useLanguage(page, lang);
      await signIn(page, login, 'solve-it-8', /\/student$/);
      for (const p of studentPages) {
        await page.goto(p.path);
        await expect(page.locator('h2.page-title')).toBeVisible();
        await check(page, p.name);
      }
    });
  });
}
