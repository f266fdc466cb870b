import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** Placeholder for a section a later release fills in (tasks, review, arena, leaderboard). */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon">
      <PageTitle>{t(titleKey)}</PageTitle>
      <p className="coming-soon__text">
        <i className="pi pi-hourglass" aria-hidden="true" /> {t('comingSoon.text')}
      </p>
    </section>
  );
}
