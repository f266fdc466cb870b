import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouteError } from 'react-router';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { isChunkLoadError, reloadOnce } from './chunk-reload';

/**
 * What a route shows when its page failed: to load (its chunk, its data) or to render. The top bar,
 * menu and footer stay (AppLayout draws this in place of the page), the message is in the user's
 * language, and "Try again" loads the page anew. The error goes to the console with the route, where
 * the school's IT person (or we) can read it. A chunk missing after a deploy reloads the page once.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunk = isChunkLoadError(error);
  // Reloading is decided once, on the first render: a page that does not reload shows the message.
  const [reloading] = useState(() => chunk && reloadOnce(pathname));

  useEffect(() => {
    console.error(`[route error] ${pathname}`, error);
  }, [pathname, error]);

  if (reloading) return null;
  return (
    <section className="route-error" role="alert" aria-labelledby="route-error-title">
      <Icon name="exclamation-triangle" className="route-error__icon" />
      <h1 id="route-error-title" className="route-error__title">
        {t('app.routeError.title')}
      </h1>
      <p className="route-error__text">{chunk ? t('app.routeError.chunk') : t('app.routeError.text')}</p>
      <div className="route-error__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('app.routeError.retry')}
        </button>
        <Link to={paths.home} reloadDocument className="button button--outlined">
          {t('app.routeError.home')}
        </Link>
      </div>
    </section>
  );
}
