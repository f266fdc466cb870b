import { defineConfig } from '@playwright/test';
import { ensureChromium, systemHost } from './scripts/find-chromium.js';

// E2E_PORT / E2E_DATA_DIR let two runs on one machine stay out of each other's way.
const PORT = Number(process.env.E2E_PORT ?? 3100);

// The browser finder (scripts/find-chromium.ts): found, installed where it may be, or one line saying
// what to run. `npm run test:e2e` runs it once before the build too, so a refusal comes before the wait.
const chromium = ensureChromium(systemHost());

/** E2E journeys in Chromium (Debian's, on CI) against the built app, served the way `npm start` serves it. */
export default defineConfig({
  testDir: 'e2e',
  // Two browsers at once: the e2e step was half of CI's time on one worker (8.1 min against 5.9 on
  // two, on the 2-core CI machine). Files are shared out, the tests of a file stay in order.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    { name: 'journeys', testIgnore: /owner\.spec\.ts$/ },
    // Handing the school's ownership away (and back) changes what `admin`, as whom the other specs
    // work, may do: only the owner creates teacher accounts. It runs alone, after everything else.
    { name: 'owner', testMatch: /owner\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey's limit against a hang, not a speed check (each step's wait is `expect.timeout`).
  // The CI machine's speed varies between days: the whole e2e step took 5.3 min on 2026-11-29 at
  // 11:00 and 19.4 min on a slower machine at 12:40, where the Ukrainian public pages (seven pages
  // scanned and photographed at two widths) ran past 90 s. Twice that leaves room on such a day.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    locale: 'uk-UA',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium.path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // A fresh e2e/.data each run; generous rate limits so the journeys never hit them.
    command: 'node e2e/start-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
  },
});
