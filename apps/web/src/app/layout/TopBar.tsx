import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { LanguageSelector } from './LanguageSelector';
import { UserMenu } from './UserMenu';

/** Logo, language selector, and Login or the user's avatar menu. */
export function TopBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
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
          <Button
            label={t('nav.login')}
            icon="pi pi-sign-in"
            size="small"
            onClick={() => void navigate(paths.login)}
          />
        )}
      </div>
    </div>
  );
}
