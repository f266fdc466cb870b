import { ACHIEVEMENT_CODES } from '@mathclub/shared/constants';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useMyAchievements } from '../api/get-my-achievements';
import { Loading } from './Loading';

/**
 * The student's achievements (PRODUCT.md §12): every one there is, the earned ones with the date
 * and the others dimmed, plus the day and first-try streaks.
 */
export function Achievements() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useMyAchievements();
  if (isPending) return <Loading />;
  if (isError || !data) return <p className="list-empty">{t('achievements.loadFailed')}</p>;
  const earned = new Map(data.achievements.map((a) => [a.code, a.earnedAt]));
  const { days, firstTry } = data.streaks;
  return (
    <div className="achievements" data-testid="achievements">
      <p className="achievements__streaks">
        <span>{t('achievements.streaks.days', { count: days.current, best: days.best })}</span>
        <span>{t('achievements.streaks.firstTry', { count: firstTry.current, best: firstTry.best })}</span>
      </p>
      <ul className="achievements__list">
        {ACHIEVEMENT_CODES.map((code) => {
          const at = earned.get(code);
          return (
            <li key={code} className={`achievement${at ? ' achievement--earned' : ''}`} data-testid={at ? 'achievement-earned' : undefined}>
              <span className="achievement__icon" aria-hidden="true">
                {at ? '★' : '☆'}
              </span>
              <span className="achievement__name">{t(`achievements.name.${code}`)}</span>
              <span className="achievement__when">{at ? t('achievements.earnedOn', { date: formatDate(at) }) : t('achievements.notYet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
