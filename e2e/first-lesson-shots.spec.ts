// Screenshots and axe scans (375 and 1280 px, en and uk) of every page issue 49 changed: the join
// and sign-up code fields, the move-to-another-group question, the instant verdict, the Students
// page's badge and selection, the Groups page, the Gradebook and Leaderboard, the owner's checklist
// and the annotation view's keyboard cursor. `shoot` fails on a serious or critical axe violation
// and on a page wider than the window.
import { expect, test, type Page } from '@playwright/test';
import { adminPassword, signIn, uniqueLogin, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, pngImage, shoot } from './tasks-helpers';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const imagesLoaded = (page: Page) => expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);

for (const lang of ['en', 'uk'] as const) {
  test(`issue 49 pages (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(600_000);
    const group = await newGroup(request, lang === 'en' ? 'Shots 7-A' : 'Знімки 7-А');
    const second = await newGroup(request, lang === 'en' ? 'Shots 8-B' : 'Знімки 8-Б');
    const teacher = await member(request, 'teacher', lang === 'en' ? 'Helen Teacher' : 'Олена Вчителька', group.id);
    const student = await member(request, 'student', lang === 'en' ? 'Peter Pupil' : 'Петро Учень', group.id);
    const admin = await apiToken(request, 'admin', adminPassword());
    const code = ((await (await request.post(`/api/groups/${second.id}/join-code`, { headers: bearer(admin) })).json()) as { code: string }).code;
    const groupCode = ((await (await request.post(`/api/groups/${group.id}/join-code`, { headers: bearer(admin) })).json()) as { code: string }).code;
    for (const name of ['Ira Waiting', 'Oles Waiting']) {
      await request.post('/api/users', { data: { login: uniqueLogin('shotwait'), password: 'waiting-1', name, role: 'student', grade: 7, gradeLetter: 'А', joinCode: groupCode } });
    }
    const token = await apiToken(request, teacher, PASSWORD);
    for (let i = 1; i <= 3; i++) await apiTask(request, teacher, group.id, `${lang === 'en' ? 'Task' : 'Задача'} ${i}`, 'Read carefully.\n\n'.repeat(3));
    const keyed = lang === 'en' ? 'Six times seven' : 'Шість на сім';
    await request.post('/api/tasks', {
      multipart: { title: keyed, text: 'What is $6 \\cdot 7$?', level: 'beginner', points: '2', group: String(group.id), answerKind: 'number', answerKey: '42', checkMode: 'auto' },
      headers: bearer(token),
    });
    const photoTask = await apiTask(request, teacher, group.id, lang === 'en' ? 'Prove it' : 'Доведи', 'Prove it.');
    await request.post('/api/solutions', {
      multipart: { taskId: String(photoTask), answer: '', solutionImage: { name: 'work.png', mimeType: 'image/png', buffer: pngImage(600, 400) } },
      headers: bearer(await apiToken(request, student, PASSWORD)),
    });

    // Signed out: /join with a half-typed code, sign-up with the code field.
    await useLanguage(page, lang);
    await page.goto('/join');
    await page.locator('#join-code').fill(code.slice(0, 5));
    await shoot(page, `i49-join-signed-out`);
    await page.goto('/signup');
    await page.locator('.p-dropdown:has(#signup-role)').click();
    await page.locator('.p-dropdown-panel').getByRole('option').first().click();
    await page.locator('#signup-join-code').fill(code);
    await shoot(page, `i49-signup-code`);

    // The teacher: badge, students with a selection, groups, gradebook, leaderboard.
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await expect(page.getByTestId('menu-badge-students')).toBeVisible();
    await shoot(page, `i49-teacher-tasks-badge`);
    await page.goto('/teacher/students');
    await page.getByRole('checkbox').nth(1).check();
    await shoot(page, `i49-students-bulk`);
    await page.goto('/teacher/groups');
    await shoot(page, `i49-groups`);
    await page.goto('/teacher/gradebook');
    await expect(page.locator('.gradebook-table')).toBeVisible();
    await shoot(page, `i49-gradebook`);
    await page.goto('/teacher/leaderboard');
    await shoot(page, `i49-leaderboard`);
    // The queue's mark-up view by its key, with the tick tool's cursor.
    await page.goto('/teacher/review/queue');
    await expect(page.getByTestId('annotate-open')).toBeVisible();
    await page.getByTestId('annotate-open').click();
    await expect(page.getByTestId('annotation-editor')).toBeVisible();
    await page.keyboard.press('v');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('annotate-cursor')).toBeVisible();
    await shoot(page, `i49-annotate-cursor`, { fullPage: false, ready: imagesLoaded });

    // The student: the verdict where they look; joining a second group asks first.
    const pupil = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'uk-UA' });
    const sp = await pupil.newPage();
    await useLanguage(sp, lang);
    await sp.setViewportSize({ width: 375, height: 800 });
    await signIn(sp, student, PASSWORD, /\/student$/);
    const card = sp.locator('article').filter({ has: sp.getByRole('heading', { name: keyed, exact: true }) });
    await card.getByRole('button', { name: lang === 'en' ? /Suggest solution/ : /Запропонувати розв/ }).click();
    await card.getByLabel(lang === 'en' ? 'Your answer' : 'Твоя відповідь').fill('42');
    await card.getByRole('button', { name: lang === 'en' ? 'Send' : 'Надіслати' }).click();
    await expect(sp.getByTestId('instant-verdict')).toBeInViewport();
    await sp.screenshot({ path: `/tmp/shots-49/i49-arena-verdict-viewport-${lang}-375.png` });
    await shoot(sp, `i49-arena-verdict`);
    await sp.goto(`/join?code=${code}`);
    await sp.getByRole('button', { name: lang === 'en' ? 'Join the group' : 'Приєднатися до групи' }).click();
    await expect(sp.getByRole('dialog')).toBeVisible();
    await shoot(sp, `i49-join-confirm`, { fullPage: false });
    await pupil.close();

    // The owner: the checklist on the home page, folded and open.
    const owner = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'uk-UA' });
    const op = await owner.newPage();
    await useLanguage(op, lang);
    await signIn(op, 'admin', adminPassword(), /\/teacher\/tasks$/);
    await expect(op.locator('.first-run')).toBeVisible();
    await shoot(op, `i49-owner-checklist`);
    await op.locator('.first-run summary').click();
    await shoot(op, `i49-owner-checklist-folded`, { fullPage: false });
    await owner.close();
  });
}
