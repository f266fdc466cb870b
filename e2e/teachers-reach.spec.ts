// Issue 50, item 10 in the browser: a teacher manages the students of their own groups and
// students in no group; another group's students are read-only on the Students page, with a note
// saying who manages them (the server refuses them with 403 either way).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, useLanguage } from './helpers';
import { member, newGroup, PASSWORD } from './tasks-helpers';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const row = (page: Page, login: string) => page.locator('tr', { has: page.getByText(login, { exact: true }) });

test("another group's student is read-only for a teacher who is not the owner", async ({ page, request }) => {
  const mine = await newGroup(request, 'Reach mine');
  const theirs = await newGroup(request, 'Reach theirs');
  const teacher = await member(request, 'teacher', 'Оксана Коваль', mine.id);
  const own = await member(request, 'student', 'Тарас Шевченко', mine.id);
  const other = await member(request, 'student', 'Соломія Бондаренко', theirs.id);
  for (const lang of ['en', 'uk'] as const) {
    await useLanguage(page, lang);
    if (lang === 'en') await signIn(page, teacher, PASSWORD, /\/teacher/);
    await page.goto('/teacher/students');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const note = lang === 'en' ? "Managed by the teachers of this student's group" : 'Цим учнем керують учителі його групи';
    await expect(row(page, other).getByText(note)).toBeVisible();
    await expect(row(page, other).getByRole('button')).toHaveCount(0);
    await expect(row(page, own).getByRole('button').first()).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await row(page, other).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `teachers-reach-students-${lang}-${width}.png`) });
    }
  }
});
