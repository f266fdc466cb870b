import { addLocale, localeOptions, locale as setPrimeLocale, PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { i18n } from './i18n';

/**
 * PrimeReact renders a hidden native <select> and a role="button" trigger inside each Dropdown;
 * the labelled combobox input already carries the name and state, so hide the duplicates from
 * assistive technology (axe: select-name, aria-command-name). A focused Dropdown also points
 * aria-activedescendant at "dropdownItem_-1", an element that does not exist (axe:
 * aria-valid-attr-value); the listbox inside the open overlay carries the real one.
 */
export const primeReactConfig = {
  ripple: false,
  pt: {
    dropdown: {
      root: { 'aria-activedescendant': undefined },
      select: { 'aria-hidden': true },
      trigger: { 'aria-hidden': true },
    },
    multiselect: {
      trigger: { 'aria-hidden': true },
    },
  },
};

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

const applyPrimeLocale = (lng: string) => setPrimeLocale(lng.startsWith('en') ? 'en' : 'uk');
applyPrimeLocale(i18n.resolvedLanguage ?? i18n.language ?? 'uk');
i18n.on('languageChanged', applyPrimeLocale);

/** PrimeReact's settings, for the pages that use it (the shell, landing and login do not). */
export function PrimeProviders({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={primeReactConfig}>{children}</PrimeReactProvider>;
}
