import { DAY_STREAKS, FIRST_TRY_STREAKS, SOLVED_MILESTONES } from '@mathclub/shared/constants';
import { useTranslation } from 'react-i18next';

/**
 * The achievements and streaks a student can earn (PRODUCT.md §12), from the same constants the
 * server computes them with: shown on the landing page and beside the leaderboard, like the bonuses.
 */
export function AchievementRules({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = (values: readonly number[]) => values.join(', ');
  const [, ...milestones] = SOLVED_MILESTONES;
  return (
    <section className="achievement-rules" aria-labelledby="achievement-rules-title">
      <Heading id="achievement-rules-title" className="achievement-rules__title">
        {t('achievements.rules.title')}
      </Heading>
      <ul className="achievement-rules__list">
        <li>{t('achievements.rules.solved', { list: list(milestones) })}</li>
        <li>{t('achievements.rules.week')}</li>
        <li>{t('achievements.rules.firstTry', { list: list(FIRST_TRY_STREAKS) })}</li>
        <li>{t('achievements.rules.days', { list: list(DAY_STREAKS) })}</li>
      </ul>
    </section>
  );
}
