import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <Link to={paths.help} className="footer__help">
        {t('footer.help')}
      </Link>
      <nav aria-label={t('footer.legal')} className="footer__links">
        <Link to={paths.terms}>{t('footer.terms')}</Link>
        <Link to={paths.privacy}>{t('footer.privacy')}</Link>
      </nav>
    </footer>
  );
}
