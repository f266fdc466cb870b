// Review at the speed of a class (PRODUCT.md §15, issue 25): a teacher judges 30 photo answers in
// the review queue with the keyboard only, once on an English and once on a Ukrainian layout (the
// keys are read by their place: the C key types "с" on a Ukrainian layout), one saved comment used
// twice in each; keys per verdict and the time for the 30 are printed as a 'REVIEW-QUEUE:' line.
// Then screenshots of the queue with the keys overlay open at 375 and 1280 px in both languages.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { signIn, useLanguage, waitForQuiet } from './helpers';
import { apiToken, member, newGroup, PASSWORD, pngImage } from './tasks-helpers';

const shots = process.env.QUEUE_SHOTS_DIR ?? '/tmp/queue-shots';
mkdirSync(shots, { recursive: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A class of `count` students brought in by the roster import; returns their logins and passwords. */
async function importClass(request: APIRequestContext, token: string, groupId: number, count: number) {
  const names = ['Коваль', 'Мельник', 'Шевченко', 'Бондар', 'Ткаченко', 'Кравець', 'Олійник', 'Лисенко', 'Руденко', 'Савчук'];
  const first = ['Олена', 'Петро', 'Ірина', 'Андрій', 'Марта', 'Тарас'];
  const rows = Array.from({ length: count }, (_, i) => `${first[i % first.length]} ${names[i % names.length]}${i >= names.length ? `-${Math.floor(i / names.length) + 1}` : ''},7,Б`);
  const response = await request.post('/api/users/import', {
    multipart: { group: String(groupId), file: { name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(`name,grade,letter\n${rows.join('\n')}\n`) } },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { created: Array<{ login: string; password: string }> }).created;
}

/** A task with a picture and, optionally, an answer key; returns its id. */
async function task(request: APIRequestContext, token: string, groupId: number, title: string, fields: Record<string, string> = {}) {
  const response = await request.post('/api/tasks', {
    multipart: { title, text: 'Find the area $S$ of the figure: $S = \\frac{a+b}{2}\\,h$.', level: 'beginner', points: '2', group: String(groupId), taskImage: { name: 'figure.png', mimeType: 'image/png', buffer: pngImage(320, 200) }, ...fields },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A student's answer: a photo (the journey) or typed text. */
async function answer(request: APIRequestContext, token: string, taskId: number, typed = '') {
  const response = await request.post('/api/solutions', {
    multipart: typed ? { taskId: String(taskId), answer: typed } : { taskId: String(taskId), answer: '', solutionImage: { name: 'work.png', mimeType: 'image/png', buffer: pngImage(480, 360) } },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
}

/** One key as a keyboard layout sends it: its place (`code`) and the character it types (`key`). */
async function press(cdp: CDPSession, code: string, key: string, keyCode: number) {
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', code, key, text: key, unmodifiedText: key, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', code, key, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode });
}

const LAYOUTS = {
  en: { KeyC: 'c', KeyI: 'i', Digit1: '1' },
  uk: { KeyC: 'с', KeyI: 'ш', Digit1: '1' },
} as const;
const KEY_CODES = { KeyC: 67, KeyI: 73, Digit1: 49 } as const;

const isCorrect = (i: number) => i % 4 !== 3;
const withComment = (i: number) => i === 5 || i === 20;

/** Judges every answer of the queue with keys only; returns the keys per verdict and the time. */
async function judgeThirty(page: Page, layout: keyof typeof LAYOUTS, snippetText: string) {
  const cdp = await page.context().newCDPSession(page);
  const keys = LAYOUTS[layout];
  const key = (code: keyof typeof KEY_CODES) => press(cdp, code, keys[code], KEY_CODES[code]);
  const solution = page.getByTestId('queue-solution');
  const perVerdict: number[] = [];
  const order: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 30; i++) {
    const id = Number(await solution.getAttribute('data-solution-id'));
    order.push(id);
    // The teacher sees the photo before judging it: the time counts its loading too.
    await expect.poll(() => solution.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    let pressed = 0;
    if (withComment(i)) {
      await key('Digit1');
      pressed += 1;
      await expect(page.getByTestId('queue-feedback')).toHaveValue(snippetText);
    }
    await key(isCorrect(i) ? 'KeyC' : 'KeyI');
    pressed += 1;
    perVerdict.push(pressed);
    if (i < 29) await expect(solution).not.toHaveAttribute('data-solution-id', String(id));
  }
  await expect(page.getByTestId('queue-done')).toBeVisible();
  const ms = Date.now() - started;
  await cdp.detach();
  return { perVerdict, ms, order };
}

test.describe('review queue', () => {
  test('a teacher judges 30 photo answers with the keyboard only, on an English and a Ukrainian layout', async ({ page, request }) => {
    test.setTimeout(300_000);
    const group = await newGroup(request, '8-А queue');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const teacherToken = await apiToken(request, teacher, PASSWORD);
    const students = await importClass(request, teacherToken, group.id, 30);
    const tasks = { en: await task(request, teacherToken, group.id, 'Area of a trapezoid'), uk: await task(request, teacherToken, group.id, 'Площа трапеції') };
    for (const s of students) {
      const token = await apiToken(request, s.login, s.password);
      await answer(request, token, tasks.en);
      await answer(request, token, tasks.uk);
    }
    const snippetText = 'Check the units: $S$ is in $\\text{cm}^2$.';
    const created = await request.post('/api/feedback-snippets', { data: { text: snippetText }, headers: bearer(teacherToken) });
    expect(created.status()).toBe(201);
    const snippet = (await created.json()) as { id: number; uses: number };

    const figures: string[] = [];
    for (const layout of ['en', 'uk'] as const) {
      await useLanguage(page, layout);
      if (layout === 'en') await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      await page.goto(`/teacher/review/queue?task=${tasks[layout]}`);
      await expect(page.locator('html')).toHaveAttribute('lang', layout);
      await expect(page.getByTestId('queue-solution')).toBeVisible();
      await expect(page.getByTestId('queue-counts')).toContainText(layout === 'en' ? '30 waiting' : '30 чекають');
      await expect(page.getByTestId('snippet')).toHaveCount(1);
      // Nothing has the focus: the keys go to the page, as for a teacher who just opened it.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      const { perVerdict, ms, order } = await judgeThirty(page, layout, snippetText);
      expect(new Set(order).size).toBe(30);
      const keys = perVerdict.reduce((a, b) => a + b, 0);
      const plain = perVerdict.filter((k) => k === 1).length;
      const commented = perVerdict.filter((k) => k === 2).length;
      expect(plain + commented).toBe(30);
      const line = `REVIEW-QUEUE: ${layout === 'en' ? 'English' : 'Ukrainian'} layout (code KeyC, key "${LAYOUTS[layout].KeyC}"): 30 photo answers judged in ${(ms / 1000).toFixed(1)} s (${Math.round(ms / 30)} ms each), ${keys} keys: 1 key × ${plain} verdicts, 2 keys (saved comment + verdict) × ${commented}, ${(keys / 30).toFixed(2)} keys per verdict; Chromium`;
      console.log(line);
      figures.push(line);

      // What the server holds: every answer judged as keyed (the last after its undo window), the
      // saved comment's text on the two that used it.
      await expect
        .poll(
          async () => {
            const list = (await (await request.get(`/api/solutions?taskId=${tasks[layout]}`, { headers: bearer(teacherToken) })).json()) as Array<{ id: number; reviewed: boolean }>;
            return list.filter((s) => s.reviewed).length;
          },
          { timeout: 15_000 },
        )
        .toBe(30);
      const list = (await (await request.get(`/api/solutions?taskId=${tasks[layout]}`, { headers: bearer(teacherToken) })).json()) as Array<{ id: number; correct: boolean; feedback: string | null }>;
      const byId = new Map(list.map((s) => [s.id, s]));
      order.forEach((id, i) => {
        expect(byId.get(id)!.correct, `answer ${i + 1}`).toBe(isCorrect(i));
        expect(byId.get(id)!.feedback, `answer ${i + 1}`).toBe(withComment(i) ? snippetText : null);
      });
    }
    const snippets = (await (await request.get('/api/feedback-snippets', { headers: bearer(teacherToken) })).json()) as Array<{ id: number; uses: number }>;
    expect(snippets.find((s) => s.id === snippet.id)?.uses).toBe(4);
    console.log(`REVIEW-QUEUE: saved comment used ${snippets.find((s) => s.id === snippet.id)?.uses} times (twice per layout)`);
  });

  test('screenshots of the queue with the keys overlay at 375 and 1280 px, in English and Ukrainian', async ({ page, request }) => {
    test.setTimeout(180_000);
    const group = await newGroup(request, '8-Б queue');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const teacherToken = await apiToken(request, teacher, PASSWORD);
    const students = await importClass(request, teacherToken, group.id, 6);
    const taskId = await task(request, teacherToken, group.id, 'Площа трапеції', { answerKind: 'number', answerKey: '42', checkMode: 'manual' });
    // A photo first (the queue opens on it), then typed answers: three equal ones make a group.
    const typed = ['', '42', '42', ' 42 ', '41', '42'];
    for (const [i, s] of students.entries()) {
      const token = await apiToken(request, s.login, s.password);
      await answer(request, token, taskId, typed[i] ?? '');
    }
    await request.post('/api/feedback-snippets', { data: { text: 'Check the units: $S$ is in $\\text{cm}^2$.' }, headers: bearer(teacherToken) });
    await request.post('/api/feedback-snippets', { data: { text: 'Well done! $S = \\frac{a+b}{2}h$' }, headers: bearer(teacherToken) });

    for (const lang of ['en', 'uk'] as const) {
      await useLanguage(page, lang);
      if (lang === 'en') await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
      // The overview links into the queue: for all waiting, and per task.
      await page.goto('/teacher/review');
      await expect(page.getByTestId('review-queue-all')).toBeVisible();
      await expect(page.getByTestId('review-queue-task')).toHaveAttribute('href', `/teacher/review/queue?task=${taskId}`);
      await waitForQuiet(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `review-overview-${lang}-${width}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `overview (${lang}, ${width}px) overflow`).toBeLessThanOrEqual(0);
      }
      await page.goto(`/teacher/review/queue?task=${taskId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('queue-solution')).toBeVisible();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
        // The math is typeset (KaTeX arrives with the first text that has math).
        await expect(page.locator('.math-text--plain')).toHaveCount(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(shots, `queue-${lang}-${width}.png`), fullPage: true });
        // One axe scan per page and language (tasks-helpers.ts, shoot): at the phone's width.
        if (width === 375) {
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(serious.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `queue (${lang}, ${width}px)`).toEqual([]);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `queue (${lang}, ${width}px) overflow`).toBeLessThanOrEqual(0);
        // The keys overlay, opened with ? (Shift + the Slash key's place), is a dialog.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Shift+Slash');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(lang === 'en' ? 'Keyboard keys' : 'Клавіші');
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(shots, `queue-keys-${lang}-${width}.png`) });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
