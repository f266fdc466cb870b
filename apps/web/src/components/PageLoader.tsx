import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page arrives; a CSS spinner, so the shell needs no UI library. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
