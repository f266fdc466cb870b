import { startTransition, StrictMode } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from '../lib/i18n';
import { getToken } from '../lib/session';
import { LazyUserMenu } from './layout/lazy-user-menu';
import { AppProviders } from './providers';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

/** Creates the router and renders the app into #root (main.tsx calls it once the libraries are in). */
export function start({ createRoot, hydrateRoot }: typeof ReactDomClient) {
  const router = createAppRouter();
  // Someone signed in sees their menu in the top bar: its chunk loads beside the first page's.
  if (getToken()) void LazyUserMenu.preload().catch(() => undefined);

  /** Resolves once the router has loaded the first page's lazy chunks (and their CSS). */
  const firstPageLoaded = () =>
    new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  const container = document.getElementById('root')!;
  if (container.firstElementChild) {
    // A prerendered page (index.html, scripts/boot.js) is hydrated in place once its chunks are in:
    // same DOM, no rebuild and no new layout; as a transition, in small slices (a plain hydration
    // runs as one long task).
    void Promise.all([firstPageLoaded(), i18nReady]).then(() => startTransition(() => void hydrateRoot(container, app)));
  } else {
    // Otherwise the shell paints at once around a loader (the root route's hydrateFallbackElement)
    // while the page's chunks and data load, as a transition: React renders in small slices.
    const root = createRoot(container);
    void i18nReady.then(() => startTransition(() => root.render(app)));
  }
}
