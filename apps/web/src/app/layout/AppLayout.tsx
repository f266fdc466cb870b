import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { RouteError } from '../errors/RouteError';
import { useSession } from '../../lib/session';
import { Footer } from './Footer';
import { GoLive } from './GoLive';
import { MainMenu } from './MainMenu';
import { TopBar } from './TopBar';

// The live stream's code loads only for a signed-in user (a visitor on the landing page downloads
// none of it: the landing page's first load stays within its budget).
const LiveUpdates = lazy(() => import('../../features/live/LiveUpdates').then((m) => ({ default: m.LiveUpdates })));

/**
 * Chrome around every page: skip link, top bar, main menu, content (or a loader), footer. The router
 * also draws it as the error element (`failed`): a page that fails shows its message inside the
 * chrome, never a blank app.
 */
export function AppLayout({ loading = false, failed = false }: { loading?: boolean; failed?: boolean }) {
  const { token } = useSession();
  const { t } = useTranslation();
  const location = useLocation();

  // A new page starts at the top, unless the address points at a landing section.
  useEffect(() => {
    if (location.hash) {
      document.getElementById(location.hash.slice(1))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.pathname, location.hash]);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <TopBar />
        <MainMenu />
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {loading ? (
          <PageLoader />
        ) : failed ? (
          <RouteError />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <GoLive />
          </Suspense>
        )}
      </main>
      <Footer />
      {/* Opened with the app itself, not after the page: events start arriving at once. */}
      {token ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
    </div>
  );
}
