import './app/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
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

// Rendering only when the first page is ready swaps the prerendered page (index.html) for the live
// one in a single commit: no empty frame, no spinner, no layout shift. As a transition, React
// renders in small slices and the page stays responsive meanwhile (no long task on a slow phone).
void firstPageLoaded().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
