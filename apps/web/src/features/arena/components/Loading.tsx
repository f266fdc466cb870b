import { useTranslation } from 'react-i18next';

/** A spinner while part of the arena loads. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="list-loading" role="status">
      {/* PrimeReact's ProgressSpinner markup (its CSS is loaded), without the component. */}
      <div className="p-progress-spinner" style={{ width: '3rem', height: '3rem' }} aria-hidden="true">
        <svg className="p-progress-spinner-svg" viewBox="25 25 50 50" style={{ animationDuration: '2s' }}>
          <circle className="p-progress-spinner-circle" cx="50" cy="50" r="20" fill="none" strokeWidth="4" strokeMiterlimit="10" />
        </svg>
      </div>
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
