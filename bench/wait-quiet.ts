import type { Page } from 'playwright-core';
import { settle } from '../e2e/network-quiet.js';

/** Loads `url` and waits until no request but the live event stream has been in flight for 500 ms; at most 20 s. */
export async function gotoAndSettle(page: Page, url: string): Promise<void> {
  await settle(page, () => page.goto(url, { waitUntil: 'load' }), 500, 20_000);
}
