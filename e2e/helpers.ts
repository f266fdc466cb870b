import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { settle } from './network-quiet.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'e2e/.data');

/** The first start writes the admin teacher's random password here. */
export function adminPassword(): string {
  return readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
}

let counter = 0;
/** A login no other test uses. */
export function uniqueLogin(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Chooses the interface language before the app loads (the detector reads localStorage). */
export async function useLanguage(page: Page, lang: 'en' | 'uk') {
  await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
}

/** Signs in through the login form and waits for the role's home. */
export async function signIn(page: Page, login: string, password: string, home: RegExp) {
  await page.goto('/login');
  await page.locator('#login-login').fill(login);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(home);
}

/** Logs out through the avatar menu. */
export async function signOut(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.locator('#user-menu').getByRole('menuitem').last().click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Picks an option of a PrimeReact Dropdown identified by its input id. */
export async function choose(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

/**
 * Opens a folded `<details>` section by clicking its summary, as a user does, until it is open. A
 * click while the page still scrolls or a panel still unfolds (the task form does both when Edit is
 * chosen) can land beside the summary; on a loaded CI machine one did, and the section stayed shut.
 */
export async function unfold(details: Locator) {
  await expect(async () => {
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  }).toPass({ timeout: 15_000 });
}

async function apiToken(request: APIRequestContext, login: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { login, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Creates an activated account through the API (for tests that are not about sign-up). */
export async function createActiveUser(
  request: APIRequestContext,
  user: { login: string; password: string; name: string; role: 'student' | 'teacher' },
) {
  const body = user.role === 'student' ? { ...user, grade: 7, gradeLetter: 'Б' } : user;
  const created = await request.post('/api/users', { data: body });
  expect(created.status()).toBe(201);
  const record = (await created.json()) as Record<string, unknown> & { id: number };
  const token = await apiToken(request, 'admin', adminPassword());
  const { id, ...fields } = record;
  const activated = await request.put(`/api/users/${id}`, {
    data: { ...fields, activated: true },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(activated.status()).toBe(200);
}

/** Creates a group through the API as the admin. */
export async function createGroup(request: APIRequestContext, name: string) {
  const token = await apiToken(request, 'admin', adminPassword());
  const response = await request.post('/api/groups', { data: { name }, headers: { Authorization: `Bearer ${token}` } });
  expect([201, 200, 400, 409]).toContain(response.status());
}

/**
 * Waits until no request has been in flight for `quietMs`, not counting the live event stream
 * (GET /api/events stays open while anyone is signed in, so Playwright's 'networkidle' never
 * comes on a signed-in page); at most `maxMs`.
 */
export async function waitForQuiet(page: Page, quietMs = 500, maxMs = 15_000) {
  await page.waitForLoadState('load');
  await settle(page, async () => undefined, quietMs, maxMs);
}
