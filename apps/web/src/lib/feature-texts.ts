import { i18n } from './i18n';

type Texts = Record<string, unknown>;

/**
 * Adds a feature's texts (its own `locales/{en,uk}.json`, in its own chunk rather than in the
 * locale file every page downloads first) under `key`, to each language whose main texts are in:
 * now, and whenever another language arrives later. A language's texts are never added before its
 * main file: i18next would take the partial bundle for the whole language and not load the rest.
 */
export function addFeatureTexts(key: string, texts: { en: Texts; uk: Texts }): void {
  const add = (lng: string) => {
    const bundle = lng === 'en' ? texts.en : lng === 'uk' ? texts.uk : null;
    if (bundle && i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', { [key]: bundle }, true, true);
  };
  add('en');
  add('uk');
  i18n.on('loaded', (loaded: Record<string, unknown>) => Object.keys(loaded).forEach(add));
}
