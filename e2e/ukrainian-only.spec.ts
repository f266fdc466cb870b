import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword, createActiveUser, createGroup, signIn, uniqueLogin, useLanguage } from './helpers';

// Issue 26, point 4: a Ukrainian page speaks Ukrainian, to the eye and to a screen reader. Every
// visible text and every accessible name, title, placeholder and alt text of each page is checked
// against the English strings a page could leak: our own `en.json` and PrimeReact's English texts
// (its defaults, as primelocale's `en` lists them, which is what PrimeReact shows without a locale).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/** Every string leaf of a nested object. */
function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => leaves(v, out));
  return out;
}

// Some features' texts come with their own chunk (features/*/locales/{en,uk}.json).
const featureLocales = (lang: string) =>
  readdirSync(path.join(root, 'apps/web/src/features'))
    .map((feature) => `apps/web/src/features/${feature}/locales/${lang}.json`)
    .filter((file) => existsSync(path.join(root, file)));
const texts = (lang: string) => [`apps/web/src/locales/${lang}.json`, ...featureLocales(lang)].flatMap((file) => leaves(readJson(file)));
const ukrainian = new Set(texts('uk'));
const english = [...texts('en'), ...leaves((readJson('node_modules/primelocale/en.json') as { en: unknown }).en)]
  // Only texts a Ukrainian page could not also say (names, "Math Club"-like brands, symbols):
  // with Latin letters, at least two of them, and not the same in uk.json.
  .filter((s) => /[A-Za-z].*[A-Za-z]/.test(s) && !s.includes('{{') && !ukrainian.has(s));
const englishSet = new Set(english.map((s) => s.trim()));

/** The page's visible texts and the names it gives to assistive technology. */
async function spokenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect?.();
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && box !== undefined && (box.width > 0 || box.height > 0);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement && visible(node.parentElement) && !node.parentElement.closest('script, style')) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt], [aria-description]')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

const TEACHER_PAGES = ['/teacher/tasks', '/teacher/students', '/teacher/review', '/teacher/groups', '/teacher/leaderboard', '/teacher/profile'];
const STUDENT_PAGES = ['/student', '/student/leaderboard', '/student/profile'];
const PUBLIC_PAGES = ['/', '/login', '/signup', '/terms', '/privacy', '/help'];

/** `data`: texts that are data, not interface (the first-start account is named "Administrator"). */
async function expectNoEnglish(page: Page, url: string, data: string[] = []) {
  await page.goto(url);
  await expect(page.locator('main#main')).toBeVisible();
  // The page's data in (no loader left); live updates keep a stream open, so no "network idle".
  await expect(page.locator('.page-loader, [aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
  const leaked = (await spokenTexts(page)).filter((text) => englishSet.has(text) && !data.includes(text));
  expect(leaked, `English on the Ukrainian ${url}`).toEqual([]);
}

test.describe('issue 26, point 4: Ukrainian pages speak Ukrainian', () => {
  test('public pages', async ({ page }) => {
    await useLanguage(page, 'uk');
    for (const url of PUBLIC_PAGES) await expectNoEnglish(page, url);
  });

  test("a teacher's pages", async ({ page }) => {
    await useLanguage(page, 'uk');
    await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
    for (const url of TEACHER_PAGES) await expectNoEnglish(page, url, ['Administrator']);
  });

  test("a student's pages", async ({ page, request }) => {
    const group = `Мовна ${Date.now().toString(36)}`;
    await createGroup(request, group);
    const login = uniqueLogin('uk');
    await createActiveUser(request, { login, password: 'student-pass-1', name: 'Марія Іваненко', role: 'student' });
    await useLanguage(page, 'uk');
    await signIn(page, login, 'student-pass-1', /\/student$/);
    for (const url of STUDENT_PAGES) await expectNoEnglish(page, url);
  });
});
