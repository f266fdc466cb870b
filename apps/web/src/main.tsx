import './app/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import './lib/i18n';

const router = createAppRouter();

/** Resolves once the router has loaded the first page's lazy chunks (and their CSS). */
function firstPageLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

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
  void firstPageLoaded().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // Otherwise the shell paints at once around a loader (the root route's hydrateFallbackElement)
  // while the page's chunks and data load, as a transition: React renders in small slices.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
