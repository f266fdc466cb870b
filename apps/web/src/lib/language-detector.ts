import type { LanguageDetectorModule } from 'i18next';

/** Where the choice is kept: the names i18next's browser detector used, so earlier choices still count. */
const STORAGE_KEY = 'i18nextLng';
const COOKIE = 'i18next';

/** Storage and cookies can be refused (private modes, blocked cookies): then nothing is remembered or read. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * The interface language: the stored choice, the cookie, then the browser's languages (i18next takes
 * the first it offers; scripts/boot.js picks the prerendered page by the same rule). Written for the
 * two places it reads instead of i18next-browser-languagedetector, whose nine lookups were 3 KB of
 * the landing page's 150 KB budget (bench/README.md).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const cookie = attempt(() => /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1]);
    // The prerender (scripts/prerender.mjs) runs in Node, which may have no navigator.
    const browser = attempt(() => navigator.languages ?? [navigator.language]) ?? [];
    const candidates = [attempt(() => localStorage.getItem(STORAGE_KEY)), cookie && decodeURIComponent(cookie), ...browser];
    return candidates.filter((c): c is string => Boolean(c));
  },
  cacheUserLanguage: (lng) => {
    attempt(() => localStorage.setItem(STORAGE_KEY, lng));
    attempt(() => (document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=31536000; samesite=lax`));
  },
};
