/**
 * `npm run test:e2e`'s first step: makes sure a Chromium is there (see find-chromium.ts for the
 * order and when it installs one), says which one in one line, or stops with one line naming
 * the command to run.
 */
import { ChromiumNotFoundError, ensureChromium, systemHost } from './find-chromium.js';

try {
  const chromium = ensureChromium(systemHost());
  console.log(`End-to-end browser: ${chromium.path} (found via ${chromium.via}).`);
} catch (error) {
  if (!(error instanceof ChromiumNotFoundError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
