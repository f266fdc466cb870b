import type { Page, Request } from '@playwright/test';

/**
 * Runs `start` (a navigation, or nothing) and waits until no request has been in flight for
 * `quietMs`, at most `maxMs`, not counting the live event stream (GET /api/events stays open on
 * signed-in pages, so Playwright's 'networkidle' never comes). Requests are counted from before
 * `start`, so a navigation's own requests are seen. Shared by the journeys (`helpers.ts`) and the
 * web benches (`bench/wait-quiet.ts`); types only from the test runner, so a bench loads nothing of it.
 */
export async function settle(page: Page, start: () => Promise<unknown>, quietMs = 500, maxMs = 15_000): Promise<void> {
  const inFlight = new Set<Request>();
  const onStart = (r: Request) => {
    if (new URL(r.url()).pathname !== '/api/events') inFlight.add(r);
  };
  const onEnd = (r: Request) => inFlight.delete(r);
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    await start();
    const deadline = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}
