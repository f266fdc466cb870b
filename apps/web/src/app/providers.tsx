import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createQueryClient } from './query-client';

// Tests import it from here.
export { createQueryClient };

/**
 * What every page needs. The app passes its one query client (query-client.ts, which route loaders
 * prefetch into); tests get a fresh one each. PrimeReact's provider lives in PrimeArea.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
