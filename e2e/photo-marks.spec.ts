// Feedback on a photo (PRODUCT.md §14, issue 20): a teacher draws a stroke, a tick and a label on a
// student's photo in the annotation view, judges, and the student's arena shows the marks on the
// same spots of the photo at 1280 and 375 px (read from the overlay's geometry).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signOut, useLanguage } from './helpers';
import { apiTask, apiToken, member, newGroup, PASSWORD, pngImage, shoot, switchLanguage } from './tasks-helpers';

/**
 * The photo's pages are ready when their images are: the app keeps its live stream open, and the
 * marks are drawn over a loaded photo.
 */
const imagesLoaded = (page: Page) => expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);

type Box = { x: number; y: number; width: number; height: number };

/** Moves the mouse to a spot (u, v: 0–1) of a box. */
const spot = (box: Box, u: number, v: number) => [box.x + u * box.width, box.y + v * box.height] as const;

/** Where a mark is drawn, as fractions of the photo: its bounding box's left, right, top, bottom and centre. */
async function markPlace(photo: Box, mark: Locator) {
  const b = (await mark.boundingBox())!;
  const u = (x: number) => (x - photo.x) / photo.width;
  const v = (y: number) => (y - photo.y) / photo.height;
  return { left: u(b.x), right: u(b.x + b.width), top: v(b.y), bottom: v(b.y + b.height), cx: u(b.x + b.width / 2), cy: v(b.y + b.height / 2) };
}

async function openEditor(page: Page, review: Locator) {
  await review.getByTestId('annotate-open').click();
  const editor = page.getByTestId('annotation-editor');
  await expect(editor).toBeVisible();
  // The photo has loaded and has its size.
  await expect.poll(async () => (await editor.getByTestId('annotate-frame').boundingBox())?.width ?? 0).toBeGreaterThan(100);
  return editor;
}

test.describe('marks on a photo', () => {
  test('a teacher marks up a photo and judges; the student sees the marks in the right places at 1280 and 375 px', async ({ page, request }) => {
    // Two sign-ins, two languages, eight screenshots with axe.
    test.setTimeout(240_000);
    const group = await newGroup(request, '7-В photos');
    const teacher = await member(request, 'teacher', 'Ірина Мельник', group.id);
    const student = await member(request, 'student', 'Олена Коваль', group.id);
    const title = 'Area of a trapezoid';
    const taskId = await apiTask(request, teacher, group.id, title, 'Find the area.');
    const token = await apiToken(request, student, PASSWORD);
    const sent = await request.post('/api/solutions', {
      multipart: { taskId: String(taskId), answer: '', solutionImage: { name: 'work.png', mimeType: 'image/png', buffer: pngImage(600, 400) } },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(sent.status()).toBe(201);
    const alt = `Photo of Олена Коваль's solution to “${title}”`;

    await useLanguage(page, 'en');
    await signIn(page, teacher, PASSWORD, /\/teacher\/tasks$/);
    await page.getByRole('menuitem', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/teacher\/review$/);
    const tab = page.locator('.p-accordion-tab').filter({ hasText: title });
    // The teacher's only task with answers: its tab starts open.
    const review = tab.getByTestId('solution-review').filter({ hasText: 'Олена Коваль' });
    await expect(review.getByRole('img', { name: alt })).toBeVisible();

    const editor = await openEditor(page, review);
    const frame = editor.getByTestId('annotate-frame');
    let box = (await frame.boundingBox())!;
    // A pen stroke, drawn with the mouse (pointer events) from (0.2, 0.3) to (0.45, 0.35).
    await page.mouse.move(...spot(box, 0.2, 0.3));
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(...spot(box, 0.2 + 0.025 * i, 0.3 + 0.005 * i));
    await page.mouse.up();
    // A tick by its key (V), a label with the text tool (T).
    await page.keyboard.press('v');
    await expect(editor.getByRole('button', { name: 'Tick' })).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.click(...spot(box, 0.75, 0.25));
    await editor.getByRole('button', { name: 'Text label' }).click();
    await page.mouse.click(...spot(box, 0.3, 0.7));
    await editor.getByLabel('Label text').fill('Step 2: the height?');
    await editor.getByRole('button', { name: 'Add label' }).click();
    await expect(editor.getByRole('status')).toHaveText('3 marks: saved with the verdict');
    // Undo takes the label away, redo brings it back.
    await page.keyboard.press('Control+z');
    await expect(editor.getByRole('status')).toHaveText('2 marks: saved with the verdict');
    await page.keyboard.press('Control+Shift+z');
    await expect(editor.locator('[data-mark]')).toHaveCount(3);
    // Rotating the view keeps the marks on their spots of the photo.
    await page.keyboard.press('r');
    await expect(frame).toHaveAttribute('data-rotation', '90');
    box = (await frame.boundingBox())!;
    const tickTurned = await markPlace(box, editor.locator('[data-mark="tick"]'));
    // Photo (0.75, 0.25) turned 90° clockwise is drawn at (0.75, 0.75) of the turned box.
    expect(tickTurned.cx).toBeCloseTo(0.75, 1);
    expect(tickTurned.cy).toBeCloseTo(0.75, 1);
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    await expect(frame).toHaveAttribute('data-rotation', '0');
    // The view is full screen: the window, not the page behind it.
    await shoot(page, 'annotation-view', { fullPage: false, ready: imagesLoaded });
    await editor.getByTestId('annotate-done').click();
    await expect(editor).toHaveCount(0);

    await expect(review.getByText('3 marks')).toBeVisible();
    await review.getByRole('button', { name: 'Incorrect', exact: true }).click();
    await review.getByLabel('Feedback for the student (optional)').fill('Look at the marks on your photo.');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/solutions\/\d+$/.test(r.url()));
    await review.getByRole('button', { name: /^Save/ }).click();
    const body = (await (await saved).json()) as { annotations: { type: string; x?: number; y?: number; points?: number[][]; text?: string }[] };
    expect(body.annotations.map((m) => m.type)).toEqual(['path', 'tick', 'text']);
    expect(body.annotations[0]!.points![0]![0]).toBeCloseTo(0.2, 2);
    expect(body.annotations[0]!.points![0]![1]).toBeCloseTo(0.3, 2);
    expect(body.annotations[1]).toMatchObject({ type: 'tick', x: expect.closeTo(0.75, 2), y: expect.closeTo(0.25, 2) });
    expect(body.annotations[2]).toMatchObject({ type: 'text', text: 'Step 2: the height?', x: expect.closeTo(0.3, 2), y: expect.closeTo(0.7, 2) });
    await expect(review.locator('[data-icon]')).toHaveAttribute('aria-label', 'Reviewed');

    // The annotation view in Ukrainian too.
    await switchLanguage(page, 'uk');
    const editorUk = await openEditor(page, review);
    await expect(editorUk.getByRole('status')).toHaveText('3 позначки: збережуться з оцінкою');
    await shoot(page, 'annotation-view', { fullPage: false, ready: imagesLoaded });
    await editorUk.getByRole('button', { name: 'Скасувати', exact: true }).click();
    await switchLanguage(page, 'en');
    await signOut(page);

    // The student's arena: the marks over the photo, on the same spots, on a monitor and a phone.
    await signIn(page, student, PASSWORD, /\/student$/);
    const mine = page.locator('.my-solutions');
    await mine.locator('.p-accordion-header-link').filter({ hasText: title }).click();
    const photo = mine.getByTestId('marked-photo');
    await expect(photo.getByRole('img', { name: alt })).toBeVisible();
    const overlay = photo.getByTestId('annotation-overlay');
    await expect(overlay.locator('[data-mark]')).toHaveCount(3);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await photo.scrollIntoViewIfNeeded();
      const image = (await photo.locator('img').boundingBox())!;
      const svg = (await overlay.boundingBox())!;
      // The overlay covers exactly the photo.
      expect(Math.abs(svg.x - image.x) + Math.abs(svg.width - image.width) + Math.abs(svg.height - image.height), `${width}px`).toBeLessThan(1.5);
      expect(image.width, `${width}px`).toBeLessThanOrEqual(width);
      const stroke = await markPlace(image, overlay.locator('[data-mark="path"]'));
      expect(stroke.left, `stroke ${width}px`).toBeCloseTo(0.2, 1);
      expect(stroke.right, `stroke ${width}px`).toBeCloseTo(0.45, 1);
      expect(stroke.cy, `stroke ${width}px`).toBeCloseTo(0.325, 1);
      const tick = await markPlace(image, overlay.locator('[data-mark="tick"]'));
      expect(tick.cx, `tick ${width}px`).toBeCloseTo(0.75, 1);
      expect(tick.cy, `tick ${width}px`).toBeCloseTo(0.25, 1);
      const label = await markPlace(image, overlay.locator('[data-mark="text"]'));
      expect(label.left, `label ${width}px`).toBeCloseTo(0.3, 1);
      expect(label.cy, `label ${width}px`).toBeCloseTo(0.7, 1);
      await expect(overlay.locator('text')).toHaveText('Step 2: the height?');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, 'marked-photo', { ready: imagesLoaded });
    // Full screen, named for the task and the author; Escape closes it.
    await mine.getByRole('button', { name: `Open the photo full screen: ${alt}` }).click();
    const viewer = page.getByTestId('photo-viewer');
    await expect(viewer).toHaveAttribute('aria-label', alt);
    await expect(viewer.getByTestId('annotation-overlay').locator('[data-mark]')).toHaveCount(3);
    await page.keyboard.press('+');
    await expect(viewer.getByRole('button', { name: 'Actual size' })).toHaveText('125%');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await switchLanguage(page, 'uk');
    await expect(mine.getByText('3 позначки')).toBeVisible();
    await shoot(page, 'marked-photo', { ready: imagesLoaded });
  });
});
