import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HELP_SHOTS, type HelpShot } from '../apps/web/src/features/help/help-shots';
import { signIn, useLanguage, waitForQuiet } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD } from './tasks-helpers';

// The Help page (issue 26) and its screenshots. `UPDATE_HELP_SHOTS=1 npx playwright test
// e2e/help-shots.spec.ts` photographs the real app into apps/web/public/help/{en,uk}/ (commit
// them when the pages change); every run checks that the page shows them, in both languages.
const publicHelp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/help');
const UPDATE = process.env.UPDATE_HELP_SHOTS === '1';

type Shot = [HelpShot, string, ((page: Page) => Promise<void>)?];
const TEACHER: Shot[] = [
  // With the group's join code open, as a teacher shows it to the class.
  ['teacher-groups', '/teacher/groups', (page) => page.getByRole('button', { name: /^(Join code|Код входу):/ }).first().click()],
  ['teacher-tasks', '/teacher/tasks'],
  ['teacher-review', '/teacher/review'],
  ['teacher-gradebook', '/teacher/gradebook'],
];
const STUDENT: Shot[] = [
  ['student-arena', '/student'],
  ['student-leaderboard', '/student/leaderboard'],
];

async function photograph(page: Page, shots: Shot[], lang: 'en' | 'uk') {
  for (const [name, url, prepare] of shots) {
    await page.goto(url);
    await waitForQuiet(page);
    if (prepare) {
      await prepare(page);
      await waitForQuiet(page);
    }
    const { width, height } = HELP_SHOTS[name];
    await page.setViewportSize({ width, height });
    mkdirSync(path.join(publicHelp, lang), { recursive: true });
    await page.screenshot({ path: path.join(publicHelp, lang, `${name}.jpg`), type: 'jpeg', quality: 60 });
  }
}

test.describe('the Help page (issue 26)', () => {
  test('the screenshots of the real app, in both languages', async ({ page, request, browser }) => {
    test.skip(!UPDATE, 'UPDATE_HELP_SHOTS=1 makes them');
    const group = await newGroup(request, 'Математичний гурток');
    const teacher = await member(request, 'teacher', 'Олена Петрівна', group.id);
    const student = await member(request, 'student', 'Оля Коваль', group.id);
    const classmate = await member(request, 'student', 'Тарас Шевчук', group.id);
    const task = await apiTask(request, teacher, group.id, 'Дроби', 'Обчисліть $\\frac12 + \\frac13$.', 3);
    await apiTask(request, teacher, group.id, 'Квадратне рівняння', 'Розв’яжіть $x^2 - 5x + 6 = 0$.', 4);
    const solutionIds: number[] = [];
    for (const [login, answer] of [
      [student, '$\\frac56$'],
      [classmate, '$\\frac{2}{5}$'],
    ]) {
      const token = await apiToken(request, login!, PASSWORD);
      const sent = await request.post('/api/solutions', { multipart: { taskId: String(task), answer: answer! }, headers: { Authorization: `Bearer ${token}` } });
      expect(sent.status()).toBe(201);
      solutionIds.push(((await sent.json()) as { id: number }).id);
    }
    // One judged (the student's arena and the gradebook show a verdict), one waiting (the review page).
    const judged = await request.put(`/api/solutions/${solutionIds[0]}`, {
      data: { correct: true, reviewed: true, feedback: 'Так, $\\frac12+\\frac13=\\frac56$.' },
      headers: { Authorization: `Bearer ${await apiToken(request, teacher, PASSWORD)}` },
    });
    expect(judged.status()).toBe(200);
    const code = await request.post(`/api/groups/${group.id}/join-code`, { headers: { Authorization: `Bearer ${await apiToken(request, teacher, PASSWORD)}` } });
    expect(code.ok()).toBe(true);
    for (const lang of ['en', 'uk'] as const) {
      await useLanguage(page, lang);
      await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      await photograph(page, TEACHER, lang);
      const studentPage = await browser.newPage();
      await useLanguage(studentPage, lang);
      await signIn(studentPage, student, PASSWORD, /\/student$/);
      await photograph(studentPage, STUDENT, lang);
      await studentPage.close();
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('accessToken'));
    }
  });

  for (const lang of ['en', 'uk'] as const) {
    test(`shows the guide with its screenshots, reachable from every page's footer (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/login');
      // /login is prerendered and then taken over by the app: a click in between can be lost.
      const link = page.getByRole('contentinfo').getByRole('link', { name: lang === 'en' ? 'Help' : 'Довідка' });
      await expect(async () => {
        if (!page.url().endsWith('/help')) await link.click();
        await expect(page).toHaveURL(/\/help$/, { timeout: 2000 });
      }).toPass();
      await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Help' : 'Довідка' })).toBeVisible();
      for (const section of lang === 'en' ? ['For teachers', 'For students', "For the school's IT person"] : ['Для вчителів', 'Для учнів', 'Для шкільного адміністратора']) {
        await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
      const images = page.locator('.help__shot img');
      await expect(images).toHaveCount(Object.keys(HELP_SHOTS).length);
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        expect(await image.getAttribute('src')).toContain(`/help/${lang}/`);
      }
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots', `help-${lang}-${width}.png`), fullPage: width === 375 ? false : true });
      }
    });
  }
});
