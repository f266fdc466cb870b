import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { LanguageSelector } from './LanguageSelector';
import { LazyUserMenu } from './lazy-user-menu';

/** Logo, language selector, and Login or the user's avatar menu. */
export function TopBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="top-bar">
      <Link to={paths.home} className="top-bar__logo" aria-label={t('app.name')}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{t('app.name')}</span>
      </Link>
      <div className="top-bar__end">
        <LanguageSelector />
        {user ? (
          <SignedInMenu />
        ) : (
          <Link to={paths.login} className="button button--small top-bar__login">
            <Icon name="sign-in" />
            <span>{t('nav.login')}</span>
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * The user's menu once its chunk is in (start.tsx fetches it beside the first page's, so it
 * usually is): until then the avatar's space; if the chunk could not be fetched (the line
 * dropped), a button that tries again.
 */
function SignedInMenu() {
  const { t } = useTranslation();
  const { Component, failed, retry } = LazyUserMenu.useComponent();
  if (Component) return <Component />;
  if (failed) {
    return (
      <button type="button" className="button button--small" onClick={retry}>
        {t('common.retry')}
      </button>
    );
  }
  return <span className="user-menu user-menu--loading" aria-hidden="true" />;
}
