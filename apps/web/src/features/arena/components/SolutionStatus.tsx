import type { Solution } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import type { IconName } from '../../../components/icon-names';

/** PrimeReact's Tag markup (same classes, so the same look) without the component or the icon font. */
function StatusTag({ kind, icon, label }: { kind: 'review' | 'correct' | 'incorrect'; icon: IconName; label: string }) {
  return (
    <span className={`p-tag p-component status-tag status-tag--${kind}`}>
      <Icon name={icon} className="p-tag-icon" />
      <span className="p-tag-value">{label}</span>
    </span>
  );
}

/** in review / correct / incorrect. */
export function SolutionStatus({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  if (!solution.reviewed) return <StatusTag kind="review" icon="clock" label={t('arena.status.inReview')} />;
  return solution.correct ? (
    <StatusTag kind="correct" icon="check" label={t('arena.status.correct')} />
  ) : (
    <StatusTag kind="incorrect" icon="times" label={t('arena.status.incorrect')} />
  );
}
