import type { Page, Request } from 'playwright-core';

/**
 * Loads `url` and waits until no request has been in flight for 500 ms, not counting the live event
 * stream (GET /api/events stays open on signed-in pages, so 'networkidle' never comes); at most 20 s.
 */
export async function gotoAndSettle(page: Page, url: string): Promise<void> {
  const inFlight = new Set<Request>();
  const onStart = (r: Request) => {
    if (new URL(r.url()).pathname !== '/api/events') inFlight.add(r);
  };
  const onEnd = (r: Request) => inFlight.delete(r);
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    await page.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + 20_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 500) return;
    }
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}
