import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { i18n, i18nReady } from './lib/i18n';

/**
 * Build-time only (scripts/prerender.mjs): the HTML of a signed-out page in one language, as the
 * app renders it, so index.html can paint it before any JavaScript has arrived.
 */
export async function render(url: string, lang: 'en' | 'uk'): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(lang);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // Route chunks are lazy: render once they are in, so the page itself (not a spinner) is written.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
  return renderToString(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
