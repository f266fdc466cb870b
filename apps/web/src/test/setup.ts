import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { i18n, i18nReady } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// jsdom lacks a few browser APIs PrimeReact touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The texts are loaded per language (lib/i18n.ts): have the detected one in before any test renders.
await i18nReady;
const startLanguage = i18n.language;

// The test files of a worker share one jsdom and one set of modules (vitest.config.ts, `isolate:
// false`): what a file leaves in them is put back as a fresh start would have it, for the next file.
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; path=/; max-age=0`;
  reloadSession();
  queryClient.clear();
  if (i18n.language !== startLanguage) await i18n.changeLanguage(startLanguage);
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});
