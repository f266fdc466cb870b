import { FALLBACK_LANGUAGE, LANGUAGES } from '@mathclub/shared/constants';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import uk from '../locales/uk.json';

export const i18n = i18next.createInstance();

function applyLanguage(lng: string) {
  const lang = lng.startsWith('en') ? 'en' : 'uk';
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18n.on('languageChanged', applyLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, uk: { translation: uk } },
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'cookie', 'navigator', 'htmlTag'],
      caches: ['localStorage', 'cookie'],
      lookupLocalStorage: 'i18nextLng',
      lookupCookie: 'i18next',
    },
    initAsync: false,
    returnNull: false,
  });

/** The interface language, narrowed to the two the product offers. */
export function currentLanguage(): 'en' | 'uk' {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'uk';
}
