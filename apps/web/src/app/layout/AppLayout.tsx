import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { Footer } from './Footer';
import { GoLive } from './GoLive';
import { MainMenu } from './MainMenu';
import { TopBar } from './TopBar';

/** Chrome around every page: skip link, top bar, main menu, content (or a loader), footer. */
export function AppLayout({ loading = false }: { loading?: boolean }) {
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
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <GoLive />
          </Suspense>
        )}
      </main>
      <Footer />
    </div>
  );
}
