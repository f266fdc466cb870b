import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword, choose, createActiveUser, createGroup, signIn, uniqueLogin, useLanguage } from './helpers';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const TEACHER_HOME = /\/teacher/;

const WORDS = {
  en: { joinCode: 'Join code', create: 'Create a join code', activate: 'Activate sign-ups from the join link', importMenu: 'Import class', newAccount: 'I am new: create an account', haveAccount: 'I have an account: sign in', join: 'Join the group', joined: 'You are now in', print: 'Print cards' },
  uk: { joinCode: 'Код входу', create: 'Створити код входу', activate: 'Активувати реєстрації за посиланням', importMenu: 'Імпорт класу', newAccount: 'Я тут уперше: створити обліковий запис', haveAccount: 'У мене є обліковий запис: увійти', join: 'Приєднатися до групи', joined: 'Тепер ти в групі', print: 'Друкувати картки' },
} as const;

/** Serious and critical axe findings on the page as it is now. */
async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * PRODUCT.md §13 in Chromium: a teacher shows a group's join code (large, copy, QR), a new student
 * follows the join link, signs up and is in the group at once; a teacher imports a class from a
 * CSV (preview with the bad rows, then the import) and prints the login cards. Screenshots at 375
 * and 1280 px in both languages. Works in groups of its own, so other specs' state is untouched
 * (the admin keeps every group it had, plus these).
 */
test.describe('bringing a class in', () => {
  for (const lang of ['en', 'uk'] as const) {
    test(`join code, join link and sign-up into the group (${lang})`, async ({ page, browser, request }) => {
      const w = WORDS[lang];
      const groupName = `Join ${lang} ${uniqueLogin('g')}`;
      await createGroup(request, groupName);
      await useLanguage(page, lang);
      await signIn(page, 'admin', adminPassword(), TEACHER_HOME);
      await page.goto('/teacher/groups');
      await page.getByRole('button', { name: `${w.joinCode}: ${groupName}` }).click();
      const panel = page.getByTestId('join-code-panel');
      await panel.getByRole('button', { name: w.create }).click();
      const codeBox = panel.getByTestId('join-code');
      await expect(codeBox).toHaveText(/^[A-Z0-9]{8}$/);
      const code = (await codeBox.textContent())!.trim();
      await expect(panel.getByRole('img')).toBeVisible();
      await panel.getByLabel(w.activate).click();
      await expect(panel.getByLabel(w.activate)).toBeChecked();
      // Large enough for the back row: the code's letters are at least 40 px tall.
      expect(await codeBox.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
      expect(await axeProblems(page)).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // From the top: the code and its QR first, as the class sees them.
        await page.locator('.p-dialog-content').evaluate((el) => el.scrollTo(0, 0));
        await page.locator('.p-dialog').screenshot({ path: path.join(shots, `join-code-panel-${lang}-${width}.png`) });
      }
      const link = await panel.getByTestId('join-link').getAttribute('href');
      expect(link).toContain(`/join?code=${code}`);

      // A new student, signed out, follows the link (as the QR code would open it).
      const context = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'uk-UA' });
      const student = await context.newPage();
      await useLanguage(student, lang);
      await student.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(student.locator('#join-code')).toHaveValue(code);
      await student.getByRole('button', { name: w.newAccount }).click();
      await expect(student).toHaveURL(new RegExp(`/signup\\?code=${code}$`));
      const login = uniqueLogin('joiner');
      await student.locator('#signup-login').fill(login);
      await student.locator('#signup-password').fill('joiner-pass-1');
      await student.locator('#signup-confirm-password').fill('joiner-pass-1');
      await student.locator('#signup-name').fill('Оксана Приєднана');
      await student.locator('form button[type="submit"]').click();
      // Active at once (the group allows it): signed in, in the arena, a member of the group.
      await expect(student).toHaveURL(/\/student$/);
      const profile = await student.evaluate(async () => {
        const response = await fetch('/api/users/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
        return (await response.json()) as { login: string; activated: boolean; groups: { name: string }[] };
      });
      expect(profile).toMatchObject({ login, activated: true, groups: [{ name: groupName }] });
      await context.close();

      // A student who already has an account: the link takes them through sign-in and back, then one press.
      const existing = { login: uniqueLogin('member'), password: 'member-pass-1', name: 'Богдан Наявний', role: 'student' as const };
      await createActiveUser(request, existing);
      const other = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'uk-UA' });
      const member = await other.newPage();
      await useLanguage(member, lang);
      await member.goto(`/join?code=${code}`);
      await member.getByRole('button', { name: w.haveAccount }).click();
      await member.locator('#login-login').fill(existing.login);
      await member.locator('#login-password').fill(existing.password);
      await member.locator('form button[type="submit"]').click();
      await expect(member).toHaveURL(new RegExp(`/join\\?code=${code}$`));
      await member.getByRole('button', { name: w.join }).click();
      await expect(member.getByText(`${w.joined} ${groupName}`)).toBeVisible();
      for (const width of [375, 1280]) {
        await member.setViewportSize({ width, height: 800 });
        await member.screenshot({ path: path.join(shots, `join-page-joined-${lang}-${width}.png`) });
      }
      await other.close();
    });

    test(`roster import with preview and printed login cards (${lang})`, async ({ page, request }) => {
      const w = WORDS[lang];
      const groupName = `Import ${lang} ${uniqueLogin('g')}`;
      await createGroup(request, groupName);
      await useLanguage(page, lang);
      await signIn(page, 'admin', adminPassword(), TEACHER_HOME);
      // The page has its place in the teacher's menu.
      await page.getByRole('menuitem', { name: w.importMenu }).or(page.getByRole('link', { name: w.importMenu })).first().click();
      await expect(page).toHaveURL(/\/teacher\/import$/);
      await choose(page, 'roster-group', groupName);

      const suffix = uniqueLogin('').slice(-6);
      const bad = `\uFEFFname;grade;letter\nОлена Петренко${suffix};7;Б\n;7;Б\nТарас Шевченко${suffix};13;Б\nІрина Коваль${suffix};7;Q\n`;
      await page.getByTestId('roster-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await expect(page.getByTestId('roster-problems')).toBeVisible();
      await expect(page.locator('.roster__row--bad')).toHaveCount(3);
      // No disabled Import button: what to fix, and a way to choose the corrected file (issue 49).
      await expect(page.getByRole('button', { name: /^(Import|Імпортувати)/ })).toHaveCount(0);
      await expect(page.getByTestId('roster-fix')).toContainText(/Line 4|Рядок 4/);
      expect(await axeProblems(page)).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `roster-preview-${lang}-${width}.png`), fullPage: true });
      }

      const names = ['Олена Петренко', 'Тарас Шевченко', 'Ірина Коваль', 'Олена Петренко', 'Юрій Згурський', 'Марія Ярошенко'].map((n) => `${n}${suffix}`);
      const good = `${names.map((n) => `${n},7,Б`).join('\r\n')}\r\n`;
      await page.getByTestId('roster-file').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await expect(page.locator('.roster__row--bad')).toHaveCount(0);
      await page.getByRole('button', { name: /Import 6|Імпортувати 6/ }).click();

      const cards = page.getByTestId('login-cards').locator('.login-card');
      await expect(cards).toHaveCount(6);
      const logins = await page.locator('.login-card__secret').allTextContents();
      const loginSet = new Set(logins.filter((_, i) => i % 2 === 0));
      expect(loginSet.size).toBe(6);
      expect([...loginSet].some((l) => l.startsWith('yurii'))).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `login-cards-${lang}-${width}.png`), fullPage: true });
      }

      // Print preview: the print stylesheet leaves only the cards, two to a row, and the button opens the dialog.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: w.print }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: 794, height: 1123 });
      await expect(page.locator('.app-header')).toBeHidden();
      await expect(page.getByRole('button', { name: w.print })).toBeHidden();
      // Nothing else of the area is printed (titles, notices, checklists).
      expect(await page.locator('.area > *').evaluateAll((els) => els.filter((e) => !e.querySelector('.login-cards') && getComputedStyle(e).display !== 'none').length)).toBe(0);
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x).toBe(true);
      await page.screenshot({ path: path.join(shots, `login-cards-print-${lang}.png`), fullPage: true });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.length).toBeGreaterThan(1000);
      await page.emulateMedia({ media: 'screen' });

      // A printed card signs in.
      const [login, password] = await cards.nth(0).locator('.login-card__secret').allTextContents();
      const signedIn = await request.post('/api/auth/login', { data: { login, password } });
      expect(signedIn.status()).toBe(200);
    });
  }
});
