// The first lesson without a stumble (issue 49): what a new teacher and a class tripped over, one
// journey per item, in both languages where words are what is checked, at 375 px where layout is.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPassword, createActiveUser, signIn, uniqueLogin, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, pngImage, switchLanguage } from './tasks-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const LANGS = ['en', 'uk'] as const;

/** A group's join code, made through the API by the admin (who created the group, so teaches it). */
async function joinCode(request: APIRequestContext, groupId: number): Promise<string> {
  const token = await apiToken(request, 'admin', adminPassword());
  const response = await request.post(`/api/groups/${groupId}/join-code`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

/** A teacher account in no group yet; returns the login. */
async function newTeacher(request: APIRequestContext, name: string): Promise<string> {
  const login = uniqueLogin('newteach');
  await createActiveUser(request, { login, password: PASSWORD, name, role: 'teacher' });
  return login;
}

async function menu(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) await page.getByRole('button', { name: /Open menu|Відкрити меню/ }).click();
  await item.click();
}

test.describe('a first lesson (issue 49)', () => {
  for (const lang of LANGS) {
    const w =
      lang === 'en'
        ? { groups: 'Groups', newName: 'New group name', create: 'Create group', gradebook: 'Gradebook', leaderboard: 'Leaderboard', noBook: 'You are not in any group yet', noBoard: 'You have no groups yet' }
        : { groups: 'Групи', newName: 'Назва нової групи', create: 'Створити групу', gradebook: 'Журнал', leaderboard: 'Рейтинг', noBook: 'Ви ще не входите до жодної групи', noBoard: 'У вас ще немає груп' };

    test(`1 (${lang}): a group a teacher creates is known at once to the Gradebook, the Leaderboard and another tab`, async ({ page, context, request }) => {
      const teacher = await newTeacher(request, 'Ніна Нова');
      await useLanguage(page, lang);
      await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      // Another tab of the same browser, already on the leaderboard, with no group yet.
      const other = await context.newPage();
      await other.goto('/teacher/leaderboard');
      await expect(other.getByText(w.noBoard)).toBeVisible();

      const first = `7-А ${uniqueLogin('').slice(-5)}`;
      const second = `7-Б ${uniqueLogin('').slice(-5)}`;
      await menu(page, w.groups);
      for (const name of [first, second]) {
        await page.getByLabel(w.newName).fill(name);
        await page.getByRole('button', { name: w.create }).click();
        await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
      }
      await menu(page, w.gradebook);
      await expect(page.getByText(w.noBook)).toHaveCount(0);
      await page.locator('.p-dropdown:has(#gradebook-group)').click();
      for (const name of [first, second]) await expect(page.locator('.p-dropdown-panel').getByRole('option', { name, exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await menu(page, w.leaderboard);
      await expect(page.getByText(w.noBoard)).toHaveCount(0);
      // The other tab learns it without a reload.
      await expect(other.getByText(w.noBoard)).toHaveCount(0);
      await expect(other.locator('#leaderboard-group')).toBeAttached();
    });
  }

  for (const lang of LANGS) {
    const w =
      lang === 'en'
        ? { code: 'Join code', newAccount: 'I am new: create an account', short: 'characters to go', waiting: 'Your account is in' }
        : { code: 'Код входу', newAccount: 'Я тут уперше: створити обліковий запис', short: 'символи', waiting: 'обліковий запис у групі' };

    test(`2 (${lang}): a student with a code and no account types it on /join, signs up and lands in the group`, async ({ page, request }) => {
      const group = await newGroup(request, 'Код');
      const code = await joinCode(request, group.id);
      await useLanguage(page, lang);
      await page.goto('/join');
      const field = page.getByLabel(w.code, { exact: true });
      await field.fill(code.slice(0, 5));
      // Checked as it is typed: three characters missing.
      await expect(page.getByTestId('join-code-check')).toContainText('3');
      await field.fill(code.toLowerCase());
      await expect(page.getByTestId('join-code-check')).toHaveAttribute('data-state', 'ok');
      await page.getByRole('button', { name: w.newAccount }).click();
      await expect(page).toHaveURL(new RegExp(`/signup\\?code=${code}$`));
      // The sign-up form carries the code in a field of its own, checked the same way.
      await expect(page.getByLabel(w.code, { exact: true })).toHaveValue(code);
      const login = uniqueLogin('coder');
      await page.locator('#signup-login').fill(login);
      await page.locator('#signup-password').fill('coder-pass-1');
      await page.locator('#signup-confirm-password').fill('coder-pass-1');
      await page.locator('#signup-name').fill('Тарас Кодовий');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(`${w.waiting}`)).toContainText(group.name);
    });

    test(`2b (${lang}): plain sign-up offers the code field too`, async ({ page, request }) => {
      const group = await newGroup(request, 'Код2');
      const code = await joinCode(request, group.id);
      await useLanguage(page, lang);
      await page.goto('/signup');
      await page.locator('.p-dropdown:has(#signup-role)').click();
      await page.locator('.p-dropdown-panel').getByRole('option').first().click();
      const field = page.locator('#signup-join-code');
      await field.fill(code.replace(/./u, 'O'));
      await expect(page.getByTestId('join-code-check')).toHaveAttribute('data-state', 'bad');
      await field.fill(code);
      await expect(page.getByTestId('join-code-check')).toHaveAttribute('data-state', 'ok');
      const login = uniqueLogin('coder');
      await page.locator('#signup-login').fill(login);
      await page.locator('#signup-password').fill('coder-pass-1');
      await page.locator('#signup-confirm-password').fill('coder-pass-1');
      await page.locator('#signup-name').fill('Марта Кодова');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(`${w.waiting}`)).toContainText(group.name);
    });
  }

  for (const lang of LANGS) {
    const w = lang === 'en' ? { suggest: /Suggest solution/, answer: 'Your answer', send: 'Send', correct: 'Correct!' } : { suggest: /Запропонувати розв/, answer: 'Твоя відповідь', send: 'Надіслати', correct: 'Правильно!' };
    test(`3 (${lang}): the instant verdict shows where the student is looking and is announced, at 375 px`, async ({ page, request }) => {
      const group = await newGroup(request, 'Вердикт');
      const teacher = await member(request, 'teacher', 'Вчителька Оля', group.id);
      const student = await member(request, 'student', 'Учень Петро', group.id);
      const token = await apiToken(request, teacher, PASSWORD);
      const title = `Keyed ${uniqueLogin('').slice(-4)}`;
      for (let i = 0; i < 4; i++) await apiTask(request, teacher, group.id, `Filler ${i} ${title}`, 'Read this long text.\n\n'.repeat(6));
      const made = await request.post('/api/tasks', {
        multipart: { title, text: 'What is $6 \\cdot 7$?', level: 'beginner', points: '2', group: String(group.id), answerKind: 'number', answerKey: '42', checkMode: 'auto' },
        headers: bearer(token),
      });
      expect(made.status()).toBe(201);
      await page.setViewportSize({ width: 375, height: 740 });
      await useLanguage(page, lang);
      await signIn(page, student, PASSWORD, /\/student$/);
      // Announced: a polite live region is on the page before the answer goes, so the words are read out.
      const live = page.getByTestId('arena-announcer');
      await expect(live).toHaveAttribute('aria-live', 'polite');
      const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.getByRole('button', { name: w.suggest }).click();
      await card.getByLabel(w.answer).fill('42');
      await card.getByRole('button', { name: w.send }).click();
      const verdict = page.getByTestId('instant-verdict');
      await expect(verdict).toHaveAttribute('data-verdict', 'correct');
      await expect(verdict).toBeInViewport();
      await expect(live).toContainText(w.correct);
      await expect(verdict).toBeFocused();
    });
  }

  for (const lang of LANGS) {
    const w =
      lang === 'en'
        ? { studentsMenu: 'Students', selectOne: /^Select waiter/, students: /^Students/, selectAll: 'Select all waiting accounts', activateSelected: 'Activate selected', activated: /^Activated users/, notice: 'is waiting for activation' }
        : { studentsMenu: 'Учні', selectOne: /^Вибрати waiter/, students: /^Учні/, selectAll: 'Вибрати всі облікові записи, що очікують', activateSelected: 'Активувати вибраних', activated: /^Активовані/, notice: 'чекає на активацію' };
    test(`4 (${lang}): waiting sign-ups badge the Students menu, tell the teacher, and a selection is activated at once`, async ({ page, request }) => {
      const group = await newGroup(request, 'Чекають');
      const teacher = await member(request, 'teacher', 'Вчитель Іван', group.id);
      const code = await joinCode(request, group.id);
      const waiters: string[] = [];
      for (const name of ['Перша Учениця', 'Другий Учень']) {
        const login = uniqueLogin('waiter');
        waiters.push(login);
        const made = await request.post('/api/users', { data: { login, password: 'waiting-1', name, role: 'student', grade: 7, gradeLetter: 'А', joinCode: code } });
        expect(made.status()).toBe(201);
      }
      await useLanguage(page, lang);
      await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      // The teacher of the group is told (a notification) and the menu says how many wait.
      await page.getByTestId('user-menu-button').click();
      await expect(page.locator('#user-menu')).toContainText(w.notice);
      await page.keyboard.press('Escape');
      // Students of other tests wait in no group, which every teacher may activate: at least these two.
      const badge = page.getByTestId('menu-badge-students');
      await expect(badge).toBeVisible();
      expect(Number(await badge.textContent())).toBeGreaterThanOrEqual(2);
      await menu(page, w.studentsMenu);
      await expect(page).toHaveURL(/\/teacher\/students$/);
      const boxes = page.getByRole('checkbox', { name: w.selectOne });
      await boxes.first().check();
      await expect(boxes.first()).toBeChecked();
      await expect(page.getByRole('button', { name: w.activateSelected })).toContainText('(1)');
      await page.getByRole('checkbox', { name: w.selectAll }).check();
      await page.getByRole('button', { name: w.activateSelected }).click();
      // Other workers' tests leave sign-ups waiting in their own groups: listed here, read-only,
      // and not counted on this teacher's badge.
      await expect(boxes).toHaveCount(0);
      for (const login of waiters) await expect(page.getByRole('region', { name: w.activated }).getByRole('row', { name: new RegExp(`^${login} `) })).toBeVisible();
      await expect(badge).toHaveCount(0);
    });
  }

  test('5: switching to Ukrainian on the Students and Groups pages translates every label at once', async ({ page, request }) => {
    const group = await newGroup(request, 'Мова');
    const teacher = await member(request, 'teacher', 'Вчителька Мова', group.id);
    await member(request, 'student', 'Учень Мова', group.id);
    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/students');
    await expect(page.getByRole('button', { name: /^Deactivate: / }).first()).toBeVisible();
    await switchLanguage(page, 'uk');
    await expect(page.getByRole('button', { name: /^Деактивувати: / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Set password/ })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Student', exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Учень', exact: true }).first()).toBeVisible();

    await switchLanguage(page, 'en');
    await page.goto('/teacher/groups');
    await expect(page.getByRole('button', { name: `Rename: ${group.name}` })).toBeVisible();
    await switchLanguage(page, 'uk');
    await expect(page.getByRole('button', { name: `Перейменувати: ${group.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Rename|Delete|Join code)/ })).toHaveCount(0);
    await page.getByRole('button', { name: `Видалити: ${group.name}` }).click();
    await expect(page.getByRole('dialog')).not.toContainText(/Delete|Cancel/);
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Скасувати' })).toBeVisible();
  });

  for (const lang of LANGS) {
    const w = lang === 'en' ? { title: /Getting started|Your club is set up/, review: 'Review', tasks: 'Tasks' } : { title: /Початок роботи|Ваш клуб налаштовано/, review: 'Перевірка', tasks: 'Завдання' };
    test(`6 (${lang}): the owner's checklist is on the home page only, and folds`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page, 'admin', adminPassword(), /\/teacher\/tasks$/);
      const checklist = page.getByRole('region', { name: w.title });
      await expect(checklist).toBeVisible();
      const summary = checklist.locator('summary');
      await summary.click();
      await expect(checklist.locator('ol')).toBeHidden();
      await summary.click();
      await expect(checklist.locator('ol')).toBeVisible();
      await menu(page, w.review);
      await expect(page).toHaveURL(/\/teacher\/review$/);
      await expect(page.getByRole('region', { name: w.title })).toHaveCount(0);
    });
  }

  /** A photo answer waiting in the queue of a fresh group; returns the teacher's login. */
  async function photoInQueue(request: APIRequestContext, prefix: string) {
    const group = await newGroup(request, prefix);
    const teacher = await member(request, 'teacher', 'Вчитель Фото', group.id);
    const student = await member(request, 'student', 'Учениця Фото', group.id);
    const taskId = await apiTask(request, teacher, group.id, `Photo ${uniqueLogin('').slice(-4)}`, 'Prove it.');
    const token = await apiToken(request, student, PASSWORD);
    const sent = await request.post('/api/solutions', {
      multipart: { taskId: String(taskId), answer: '', solutionImage: { name: 'work.png', mimeType: 'image/png', buffer: pngImage(600, 400) } },
      headers: bearer(token),
    });
    expect(sent.status()).toBe(201);
    return teacher;
  }

  test('7: typing a label with the Text tool keeps every character (tool keys are off while typing)', async ({ page, request }) => {
    const teacher = await photoInQueue(request, 'Текст');
    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review/queue');
    await page.getByTestId('annotate-open').click();
    const editor = page.getByTestId('annotation-editor');
    const frame = editor.getByTestId('annotate-frame');
    await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await page.keyboard.press('t');
    const box = (await frame.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
    const text = 'Why is (a−b)² ≥ 0? hop 1 2 r';
    await page.keyboard.type(text);
    await expect(editor.getByLabel('Label text')).toHaveValue(text);
    await expect(editor.getByRole('button', { name: 'Text label' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(editor.locator('[data-mark="text"]')).toContainText(text);
  });

  test('8: review by keyboard: a key opens the photo, a cursor moves with arrows and Enter places a tick', async ({ page, request }) => {
    const teacher = await photoInQueue(request, 'Клавіші');
    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.goto('/teacher/review/queue');
    await expect(page.getByTestId('annotate-open')).toBeVisible();
    await page.locator('body').click({ position: { x: 2, y: 300 } });
    await page.keyboard.press('m');
    const editor = page.getByTestId('annotation-editor');
    await expect(editor).toBeVisible();
    await page.keyboard.press('v');
    const cursor = editor.getByTestId('annotate-cursor');
    await expect(cursor).toBeVisible();
    const before = (await cursor.boundingBox())!;
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const after = (await cursor.boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x);
    expect(after.y).toBeGreaterThan(before.y);
    await page.keyboard.press('Enter');
    await expect(editor.locator('[data-mark="tick"]')).toHaveCount(1);
    await page.keyboard.press('x');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(editor.locator('[data-mark="cross"]')).toHaveCount(1);
  });

  test('9: the Gradebook at 375 px scrolls its table, not the page', async ({ page, request }) => {
    const group = await newGroup(request, 'Широкий');
    const teacher = await member(request, 'teacher', 'Вчитель Журнал', group.id);
    for (let i = 0; i < 3; i++) await member(request, 'student', `Учень Номер ${i} Довгопрізвищний`, group.id);
    for (let i = 0; i < 8; i++) await apiTask(request, teacher, group.id, `Task with a long title number ${i}`, 'Solve.');
    for (const lang of LANGS) {
      await page.setViewportSize({ width: 375, height: 800 });
      await useLanguage(page, lang);
      await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      await page.goto('/teacher/gradebook');
      await expect(page.locator('table').first()).toBeVisible();
      await page.waitForTimeout(1500);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0 && process.env.DEBUG49)
        console.log(
          await page.evaluate(() =>
            [...document.querySelectorAll('body *')]
              .map((el) => ({ el, r: el.getBoundingClientRect() }))
              .filter(({ r }) => r.right > window.innerWidth + 1)
              .slice(0, 15)
              .map(({ el, r }) => `${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(r.left)}-${Math.round(r.right)}`)
              .join('\n'),
          ),
        );
      expect(overflow, `${lang}: the page is wider than the phone`).toBeLessThanOrEqual(0);
      const table = await page.locator('.gradebook-table-wrap, .gradebook__scroll').first().evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(table).toBe(true);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  });

  for (const lang of LANGS) {
    const w =
      lang === 'en'
        ? { code: 'Join code', join: 'Join the group', confirm: 'Move to the new group', stays: 'You are in' }
        : { code: 'Код входу', join: 'Приєднатися до групи', confirm: 'Перейти до нової групи', stays: 'Ти в групі' };
    test(`10 (${lang}): joining a second group by code says what will happen and asks first`, async ({ page, request }) => {
      const first = await newGroup(request, 'Перша');
      const second = await newGroup(request, 'Друга');
      const student = await member(request, 'student', 'Учень Двогруповий', first.id);
      const code = await joinCode(request, second.id);
      await useLanguage(page, lang);
      await signIn(page, student, PASSWORD, /\/student$/);
      await page.goto(`/join?code=${code}`);
      await page.getByRole('button', { name: w.join }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(first.name);
      await expect(dialog).toContainText(w.stays);
      // Nothing has changed yet.
      const before = await page.evaluate(async () => {
        const r = await fetch('/api/users/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
        return ((await r.json()) as { groups: { id: number }[] }).groups.map((g) => g.id);
      });
      expect(before).toEqual([first.id]);
      await dialog.getByRole('button', { name: w.confirm }).click();
      await expect(page.getByRole('main').getByRole('status')).toContainText(second.name);
    });
  }
});
