import { FALLBACK_LANGUAGE, LANGUAGES } from '@mathclub/shared/constants';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector';

/** Only the language in use is downloaded (each is ~6 KB gzip); the other arrives when chosen. */
const locales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, _namespace, done) => {
    const load = lng === 'en' ? import('../locales/en.json') : import('../locales/uk.json');
    load.then(
      (m) => done(null, m.default),
      (error: unknown) => done(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

function applyLanguage(lng: string) {
  const lang = lng.startsWith('en') ? 'en' : 'uk';
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18n.on('languageChanged', applyLanguage);

/** Resolves once the detected language's texts are in: render after it. */
export const i18nReady = i18n
  .use(locales)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Every key exists in both files, so English needs no Ukrainian fallback loaded beside it;
    // a language we do not offer falls back to Ukrainian.
    fallbackLng: { en: [], default: [FALLBACK_LANGUAGE] },
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The interface language, narrowed to the two the product offers. */
export function currentLanguage(): 'en' | 'uk' {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'uk';
}
