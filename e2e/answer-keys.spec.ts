// Answer keys and instant checking (PRODUCT.md §9, issue 16): the teacher's key section with its
// preview and try-an-answer box, the student's instant verdict in auto mode, the leaderboard moving
// at once, and suggest mode's pre-selected verdict confirmed with one key on the review page.
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { choose, signIn, signOut, unfold, useLanguage } from './helpers';
import { apiToken, member, newGroup, PASSWORD, shoot, switchLanguage } from './tasks-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function taskCard(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Sends an answer in the arena the way a student does. */
async function send(page: Page, title: string, answer: string) {
  const card = taskCard(page, title);
  await card.getByRole('button', { name: /Suggest solution/ }).click();
  await card.getByLabel('Your answer').fill(answer);
  await card.getByRole('button', { name: 'Send' }).click();
}

/** A task with a key, created through the API as `login`. */
async function keyTask(request: APIRequestContext, login: string, groupId: number, title: string, key: Record<string, string>): Promise<number> {
  const token = await apiToken(request, login, PASSWORD);
  const response = await request.post('/api/tasks', {
    multipart: { title, text: 'Find $\\frac12 + \\frac13$.', level: 'beginner', points: '2', group: String(groupId), ...key },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function apiAnswer(request: APIRequestContext, login: string, taskId: number, answer: string) {
  const token = await apiToken(request, login, PASSWORD);
  const response = await request.post('/api/solutions', { multipart: { taskId: String(taskId), answer }, headers: bearer(token) });
  expect(response.status()).toBe(201);
}

test.describe('answer keys and instant checking', () => {
  test('a teacher keys an auto-checked task; a student is told "incorrect", retries, is told "correct" at once, and the leaderboard moves', async ({ page, request }) => {
    const group = await newGroup(request, '6-А keys');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const oksana = await member(request, 'student', 'Оксана Левченко', group.id);
    await member(request, 'student', 'Тарас Бойко', group.id);
    const title = 'Sum of two fractions';

    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text').fill('Find $\\frac12 + \\frac13$.');
    await choose(page, 'task-points', '2');
    const section = page.getByTestId('answer-key-section');
    await unfold(section);
    await choose(page, 'task-answer-kind', 'Number');
    await choose(page, 'task-check-mode', 'Automatic');
    await page.getByLabel('Answer key', { exact: true }).fill('5/6');
    // The key as the server's checker reads it, typeset.
    await expect(page.getByTestId('answer-key-preview').locator('.katex').first()).toBeVisible();
    const tryBox = page.getByTestId('answer-key-try');
    await page.getByLabel('Try an answer').fill('10/12');
    await expect(tryBox.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'correct');
    await expect(tryBox).toContainText('Correct');
    await page.getByLabel('Try an answer').fill('0,83');
    await expect(tryBox.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'incorrect');
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'answer-key-section');
    await switchLanguage(page, 'uk');
    await expect(tryBox).toContainText('Неправильно');
    await shoot(page, 'answer-key-section');
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Create task' }).click();
    await expect(page.getByText(`Task “${title}” was added successfully`)).toBeVisible();
    await signOut(page);

    await signIn(page, oksana, PASSWORD, /\/student$/);
    await expect(page.getByTestId('my-standing')).toHaveText(/0 points · rank 1 of 2/);
    await send(page, title, '6/5');
    const verdict = page.getByTestId('instant-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'incorrect');
    await expect(verdict).toHaveText(`Not correct: “${title}”. Check your answer and try again.`);
    // Judged, not waiting: the task is offered again at once.
    await expect(taskCard(page, title).getByText('Your answer was not correct. Try again!')).toBeVisible();
    await shoot(page, 'instant-verdict-incorrect');
    await switchLanguage(page, 'uk');
    await expect(verdict).toContainText('Неправильно');
    await shoot(page, 'instant-verdict-incorrect');
    await switchLanguage(page, 'en');

    // The retry typed in the formula editor (MathLive), fetched only now, previewed before sending.
    const editorRequests: string[] = [];
    page.on('request', (r) => {
      if (/FormulaEditor|mathlive/i.test(r.url())) editorRequests.push(r.url());
    });
    const card = taskCard(page, title);
    await card.getByRole('button', { name: /Suggest solution/ }).click();
    await expect(card.getByLabel('Your answer')).toBeVisible();
    expect(editorRequests).toEqual([]);
    await card.getByRole('button', { name: 'Type a formula' }).click();
    const field = card.locator('math-field');
    await expect(field).toBeVisible();
    expect(editorRequests.length).toBeGreaterThan(0);
    await field.focus();
    await page.keyboard.type('5/6');
    await expect(card.getByTestId('formula-preview').locator('.katex').first()).toBeVisible();
    await shoot(page, 'formula-editor');
    await card.getByRole('button', { name: 'Add to the answer' }).click();
    // A keyed task takes the formula as the student would type it (issue 49), not as LaTeX.
    await expect(card.getByLabel('Your answer')).toHaveValue('5/6');
    await card.getByRole('button', { name: 'Send' }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'correct');
    await expect(verdict).toHaveText(`Correct! “${title}” is solved.`);
    await expect(taskCard(page, title)).toHaveCount(0);
    // 2 points for the task and +3 for the first correct answer of the group; no first-try bonus.
    await expect(page.getByTestId('my-standing')).toHaveText(/5 points · rank 1 of 2/);
    await shoot(page, 'instant-verdict-correct');
    await switchLanguage(page, 'uk');
    await expect(verdict).toContainText('Правильно');
    await shoot(page, 'instant-verdict-correct');
    await switchLanguage(page, 'en');
    await page.getByRole('menuitem', { name: 'Leaderboard' }).click();
    const first = page.getByTestId('leaderboard-row').first();
    await expect(first).toContainText('Оксана Левченко');
    await expect(first.getByTestId('leaderboard-points')).toHaveText('5');
  });

  test('suggest mode: the review page pre-selects the checker\'s verdict, Enter confirms it, and "confirm all" does the rest', async ({ page, request }) => {
    const group = await newGroup(request, '6-Б keys');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const students = [await member(request, 'student', 'Оля Коваль', group.id), await member(request, 'student', 'Петро Бондар', group.id), await member(request, 'student', 'Іра Шевчук', group.id)];
    const title = 'Half plus a third';
    const taskId = await keyTask(request, teacher, group.id, title, { answerKind: 'number', answerKey: '5/6', checkMode: 'suggest' });
    await apiAnswer(request, students[0]!, taskId, '10/12');
    await apiAnswer(request, students[1]!, taskId, '2/5');
    await apiAnswer(request, students[2]!, taskId, '$\\frac{5}{6}$');

    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/teacher\/review$/);
    const tab = page.locator('.p-accordion-tab').filter({ hasText: title });
    const olya = tab.getByTestId('solution-review').filter({ hasText: 'Оля Коваль' });
    const petro = tab.getByTestId('solution-review').filter({ hasText: 'Петро Бондар' });
    await expect(olya).toHaveAttribute('data-suggested', 'correct');
    await expect(olya).toContainText('Suggested by the checker: Correct');
    await expect(olya.getByRole('button', { name: 'Correct', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(petro).toHaveAttribute('data-suggested', 'incorrect');
    await expect(tab.getByRole('button', { name: 'Confirm all 3 suggested verdicts' })).toBeVisible();
    await shoot(page, 'review-suggested');
    await switchLanguage(page, 'uk');
    await expect(olya).toContainText('Пропозиція перевірки');
    await shoot(page, 'review-suggested');
    await switchLanguage(page, 'en');

    // One key: the solution has the focus, Enter confirms the suggestion.
    await olya.focus();
    await page.keyboard.press('Enter');
    await expect(olya.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');
    await tab.getByRole('button', { name: /Confirm all 2 suggested verdicts/ }).click();
    await expect(page.getByText('2 verdicts confirmed')).toBeVisible();
    await expect(tab.getByRole('button', { name: /suggested verdict/ })).toHaveCount(0);
    await expect(tab).toContainText('all reviewed');
    await signOut(page);

    // Petro learns his answer was judged incorrect; Olya's is correct.
    await signIn(page, students[1]!, PASSWORD, /\/student$/);
    await expect(taskCard(page, title).getByText('Your answer was not correct. Try again!')).toBeVisible();
  });

  for (const lang of ['en', 'uk'] as const) {
    test(`on a phone the formula editor brings its own math keyboard, its keys named in the page's language (${lang})`, async ({ browser, request }) => {
      const group = await newGroup(request, '6-В keys');
      const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
      const pupil = await member(request, 'student', 'Оля Коваль', group.id);
      const title = 'Square root of eight';
      await keyTask(request, teacher, group.id, title, { answerKind: 'number', answerKey: '2\\sqrt{2}', checkMode: 'auto' });
      const w =
        lang === 'en'
          ? { suggest: /Suggest solution/, formula: 'Type a formula', sqrt: 'square root', letters: 'Letters' }
          : { suggest: /Запропонувати розв/, formula: 'Набрати формулу', sqrt: 'квадратний корінь', letters: 'Літери' };

      const { defaultBrowserType: _type, ...phone } = devices['Pixel 5'];
      const context = await browser.newContext({ ...phone, viewport: { width: 375, height: 800 }, locale: 'uk-UA' });
      const page = await context.newPage();
      try {
        await useLanguage(page, lang);
        await signIn(page, pupil, PASSWORD, /\/student$/);
        const card = taskCard(page, title);
        await card.getByRole('button', { name: w.suggest }).tap();
        await card.getByRole('button', { name: w.formula }).tap();
        const field = card.locator('math-field');
        await expect(field).toBeVisible();
        await field.tap();
        // MathLive's virtual keyboard, shown because the screen is a touch screen.
        const keyboard = page.locator('.ML__keyboard');
        await expect(keyboard).toBeVisible();
        await expect(keyboard.locator('.MLK__rows').first()).toBeVisible();
        // The field stays above the keyboard, where the student sees it.
        await expect(async () => {
          const fieldBox = (await field.boundingBox())!;
          const keyboardTop = await page.evaluate(() => window.innerHeight - (window as unknown as { mathVirtualKeyboard: { boundingRect: DOMRect } }).mathVirtualKeyboard.boundingRect.height);
          expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(keyboardTop);
        }).toPass({ timeout: 5000 });
        // Issue 49, item 15: no key is read out as LaTeX or an HTML entity, and the keys that are not
        // digits or letters say what they do in the page's language.
        const labels = await keyboard.locator('.MLK__layer:visible [aria-label]').evaluateAll((keys) => keys.map((k) => k.getAttribute('aria-label')!));
        expect(labels.length).toBeGreaterThan(30);
        expect(labels.filter((l) => /[\\&#{}]/.test(l))).toEqual([]);
        expect(labels).toContain(w.sqrt);
        // The √ key types a root the checker reads.
        await keyboard.locator(`.MLK__layer:visible [aria-label="${w.sqrt}"]`).tap();
        await keyboard.locator('.MLK__layer:visible [aria-label="8"]').tap();
        await expect.poll(() => field.evaluate((f) => (f as HTMLElement & { value: string }).value)).toMatch(/^\\sqrt\{?8\}?$/);
        const axe = await new AxeBuilder({ page }).include('.ML__keyboard').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)).toEqual([]);
        await page.screenshot({ path: `e2e/screenshots/formula-keyboard-${lang}-375.png` });
        // The letters, for variables, behind the layout's tab (named too).
        await keyboard.locator('.MLK__layer:visible .MLK__toolbar').getByText('abc', { exact: true }).tap();
        await expect(keyboard.locator('.MLK__layer:visible [aria-label="q"]')).toBeVisible();
        const tabs = await keyboard.locator('.MLK__layer:visible .MLK__toolbar [data-tooltip]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tooltip')));
        expect(tabs).toContain(w.letters);
        const axeLetters = await new AxeBuilder({ page }).include('.ML__keyboard').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(axeLetters.violations.map((v) => v.id)).toEqual([]);
        await page.screenshot({ path: `e2e/screenshots/formula-keyboard-letters-${lang}-375.png` });
        // A tablet held sideways gets the same keyboard across the screen.
        await page.setViewportSize({ width: 1280, height: 800 });
        await keyboard.locator('.MLK__layer:visible .MLK__toolbar').getByText('123', { exact: true }).tap();
        await expect(keyboard.locator(`.MLK__layer:visible [aria-label="${w.sqrt}"]`)).toBeVisible();
        await page.screenshot({ path: `e2e/screenshots/formula-keyboard-${lang}-1280.png` });
      } finally {
        await context.close();
      }
    });
  }
});
