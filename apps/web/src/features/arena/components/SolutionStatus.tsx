import type { Solution } from '@mathclub/shared';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/** in review / correct / incorrect. */
export function SolutionStatus({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  if (!solution.reviewed) return <Tag value={t('arena.status.inReview')} icon="pi pi-clock" className="status-tag status-tag--review" />;
  return solution.correct ? (
    <Tag value={t('arena.status.correct')} icon="pi pi-check" className="status-tag status-tag--correct" />
  ) : (
    <Tag value={t('arena.status.incorrect')} icon="pi pi-times" className="status-tag status-tag--incorrect" />
  );
}
