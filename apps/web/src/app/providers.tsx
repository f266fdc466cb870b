import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiRequestError } from '../lib/api-client';
import { i18n } from '../lib/i18n';

/**
 * PrimeReact renders a hidden native <select> and a role="button" trigger inside each Dropdown;
 * the labelled combobox input already carries the name and state, so hide the duplicates from
 * assistive technology (axe: select-name, aria-command-name). A focused Dropdown also points
 * aria-activedescendant at "dropdownItem_-1", an element that does not exist (axe:
 * aria-valid-attr-value); the listbox inside the open overlay carries the real one.
 */
const primeReactConfig = {
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

/** A 4xx will not change on retry; a network blip might. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={primeReactConfig}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </PrimeReactProvider>
    </I18nextProvider>
  );
}
