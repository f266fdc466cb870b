import ukLocale from 'primelocale/uk.json';
import { addLocale, locale as setPrimeLocale, PrimeReactProvider } from 'primereact/api';
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

// PrimeReact's own texts (button and pager labels, calendar names, filter messages, aria labels)
// follow the language too: Ukrainian from primelocale, the maintained translations PrimeReact
// points to (its keys are PrimeReact's own, e.g. aria.passwordShow for the Password toggle).
addLocale('uk', ukLocale.uk as never);

const primeLocaleOf = (lng: string) => (lng.startsWith('en') ? 'en' : 'uk');
const currentPrimeLocale = () => primeLocaleOf(i18n.resolvedLanguage ?? i18n.language ?? 'uk');
// A language switch while a page is open: PrimeReact reads its texts from this global setting.
i18n.on('languageChanged', (lng: string) => setPrimeLocale(primeLocaleOf(lng)));

/**
 * PrimeReact's settings, for the pages that use it (the shell, landing and login do not). The
 * provider writes its own `locale` (default 'en') into PrimeReact's global setting when it mounts,
 * so it is handed the current language: without it every page opened in Ukrainian spoke English
 * to screen readers ("Show Password", pager labels).
 */
export function PrimeProviders({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={{ ...primeReactConfig, locale: currentPrimeLocale() }}>{children}</PrimeReactProvider>;
}
