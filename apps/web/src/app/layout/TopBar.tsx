import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { LanguageSelector } from './LanguageSelector';
import { UserMenu } from './UserMenu';

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
          <UserMenu />
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
