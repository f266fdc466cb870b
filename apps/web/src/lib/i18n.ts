import { FALLBACK_LANGUAGE, LANGUAGES } from '@mathclub/shared';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { addLocale, localeOptions, locale as setPrimeLocale } from 'primereact/api';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import uk from '../locales/uk.json';

export const i18n = i18next.createInstance();

// PrimeReact's own texts (filter placeholders, "no results", aria labels) follow the language too.
addLocale('uk', {
  emptyFilterMessage: 'Нічого не знайдено',
  emptyMessage: 'Немає доступних варіантів',
  clear: 'Очистити',
  accept: 'Так',
  reject: 'Ні',
  choose: 'Вибрати',
  cancel: 'Скасувати',
  aria: {
    ...((localeOptions('en') as { aria?: object }).aria ?? {}),
    close: 'Закрити',
    showPassword: 'Показати пароль',
    hidePassword: 'Сховати пароль',
    selectAll: 'Вибрати все',
    unselectAll: 'Зняти вибір',
    removeLabel: 'Вилучити',
    navigation: 'Навігація',
  } as never,
});

function applyLanguage(lng: string) {
  const lang = lng.startsWith('en') ? 'en' : 'uk';
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  setPrimeLocale(lang);
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
