// Set-up shared by the tasks and solutions journeys: accounts in groups, tasks, images, checks.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPassword, createActiveUser, uniqueLogin, waitForQuiet } from './helpers';

export const PASSWORD = 'solve-it-8';
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(shots, { recursive: true });

export async function apiToken(request: APIRequestContext, login: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { login, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new group (created by the admin); returns its id and name. */
export async function newGroup(request: APIRequestContext, prefix: string): Promise<{ id: number; name: string }> {
  const token = await apiToken(request, 'admin', adminPassword());
  const name = `${prefix} ${uniqueLogin('').slice(-5)}`;
  const response = await request.post('/api/groups', { data: { name }, headers: bearer(token) });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/** An activated teacher or student who belongs to `groupId`; returns the login. */
export async function member(request: APIRequestContext, role: 'teacher' | 'student', name: string, groupId: number): Promise<string> {
  const login = uniqueLogin(role === 'teacher' ? 'teach' : 'pupil');
  await createActiveUser(request, { login, password: PASSWORD, name, role });
  const token = await apiToken(request, login, PASSWORD);
  const response =
    role === 'teacher'
      ? await request.patch('/api/users/teachers/profile', { data: { name, groups: [groupId] }, headers: bearer(token) })
      : await request.patch('/api/users/students/profile', { data: { groups: [groupId] }, headers: bearer(token) });
  expect(response.status()).toBe(200);
  return login;
}

/** Creates a task through the API as `login`; returns its id. */
export async function apiTask(request: APIRequestContext, login: string, groupId: number, title: string, text: string, points = 2): Promise<number> {
  const token = await apiToken(request, login, PASSWORD);
  const response = await request.post('/api/tasks', {
    multipart: { title, text, level: 'beginner', points: String(points), group: String(groupId) },
    headers: bearer(token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a triangle drawn on paper colour), so the server's decoder accepts it. */
export function pngImage(width = 160, height = 100): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const inside = y > height * 0.15 && y < height * 0.85 && x > width * 0.2 && x < width * 0.2 + (y / height) * width * 0.6;
      rows.push(...(inside ? [29, 78, 216] : [250, 248, 240]));
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Saves screenshots at 375 and 1280 px (full page unless `fullPage: false`) and checks axe
 * (serious/critical) and sideways overflow. Each width waits for `ready`: by default a quiet
 * network (not counting the live stream); a page whose images are what matters can wait for those.
 */
/**
 * Photographs the page at 375 and 1280 px (full page unless told otherwise; `top` adds the first
 * screen at 375 px) and fails on sideways overflow at either width or on a serious or critical axe
 * finding. Axe runs once, at 375 px: its rules read the page's markup, names and colours, which
 * the width does not change, and the folded menu and stacked layouts are the phone's.
 */
export async function shoot(page: Page, name: string, { fullPage = true, top = false, ready = waitForQuiet }: { fullPage?: boolean; top?: boolean; ready?: (page: Page) => Promise<void> } = {}) {
  // A test's own limit is for its steps; each shot (two widths, waiting at each, one axe scan) brings its own time.
  test.info().setTimeout(test.info().timeout + 10_000);
  const lang = await page.evaluate(() => document.documentElement.lang);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready(page);
    await expect(page.locator('.page-loader')).toHaveCount(0);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${name}-${lang}-${width}.png`), fullPage });
    if (top && width === 375) await page.screenshot({ path: path.join(shots, `${name}-${lang}-${width}-top.png`) });
    if (width === 375) {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`).slice(0, 3).join(', ')}`),
        `${name} (${lang}, ${width}px)`,
      ).toEqual([]);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} (${lang}, ${width}px) horizontal overflow`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Switches the interface language the way a user does, through the selector. */
export async function switchLanguage(page: Page, lang: 'en' | 'uk') {
  await page.locator('#language-select').selectOption({ label: lang === 'en' ? 'English' : 'Українська' });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
