import { ACCURACY_BONUS, POINTS_MAX, POINTS_MIN, SPEED_BONUSES } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';

/** How points are earned (PRODUCT.md §7), with the amounts the server uses. */
export function PointsRules() {
  const { t } = useTranslation();
  const [first, second, third] = SPEED_BONUSES;
  return (
    <aside className="points-rules" aria-labelledby="points-rules-title">
      <h3 id="points-rules-title" className="points-rules__title">
        <i className="pi pi-info-circle" aria-hidden="true" /> {t('leaderboard.rules.title')}
      </h3>
      <ul className="points-rules__list">
        <li>
          <i className="pi pi-check-circle" aria-hidden="true" />
          <span>{t('leaderboard.rules.task', { min: POINTS_MIN, max: POINTS_MAX })}</span>
        </li>
        <li>
          <i className="pi pi-bullseye" aria-hidden="true" />
          <span>{t('leaderboard.rules.accuracy', { bonus: ACCURACY_BONUS })}</span>
        </li>
        <li>
          <i className="pi pi-bolt" aria-hidden="true" />
          <span>{t('leaderboard.rules.speed', { first, second, third })}</span>
        </li>
      </ul>
      <p className="points-rules__note">{t('leaderboard.rules.note')}</p>
    </aside>
  );
}
