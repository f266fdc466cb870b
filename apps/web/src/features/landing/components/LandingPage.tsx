import { ACCURACY_BONUS, SPEED_BONUSES } from '@mathclub/shared/constants';
import { AchievementRules } from '../../../components/AchievementRules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config/paths';

// Plain links and sprite icons: the first page a visitor sees loads no UI library (issue 7).
const FEATURES = [
  { key: 'gamified', icon: 'star' },
  { key: 'communities', icon: 'users' },
  { key: 'competition', icon: 'trophy' },
] as const;
const BENEFITS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const;
const STEPS = [
  { key: 's1', icon: 'user-plus' },
  { key: 's2', icon: 'sitemap' },
  { key: 's3', icon: 'check-circle' },
] as const;
const COMPETITION = [
  { key: 'points', icon: 'plus-circle' },
  { key: 'speed', icon: 'bolt' },
  { key: 'accuracy', icon: 'bullseye' },
  { key: 'leaderboards', icon: 'chart-bar' },
] as const;

/** The public landing page (SEED.md §2), with the real bonus amounts from the shared constants. */
export function LandingPage() {
  const { t } = useTranslation();
  const [first, second, third] = SPEED_BONUSES;
  const amounts = { first, second, third, bonus: ACCURACY_BONUS };

  return (
    <div className="landing">
      <section className="landing__hero">
        <PageTitle>{t('landing.hero.title')}</PageTitle>
        <p className="landing__lead">{t('landing.hero.subtitle')}</p>
        <div className="landing__actions">
          <Link to={paths.signup} className="button button--large landing__primary">
            <span>{t('landing.hero.cta')}</span>
            <Icon name="arrow-right" />
          </Link>
          <Link to={paths.login} className="button button--large landing__secondary">
            {t('landing.hero.secondary')}
          </Link>
        </div>
      </section>

      <section id={paths.anchors.whatItIs} className="landing__section" tabIndex={-1} aria-labelledby="what-it-is-title">
        <h2 id="what-it-is-title">{t('landing.whatItIs.title')}</h2>
        <p className="landing__intro">{t('landing.whatItIs.intro')}</p>
        <ul className="card-grid card-grid--3">
          {FEATURES.map((f) => (
            <li key={f.key} className="feature-card">
              <span className="feature-card__icon">
                <Icon name={f.icon} />
              </span>
              <h3>{t(`landing.whatItIs.${f.key}.title`)}</h3>
              <p>{t(`landing.whatItIs.${f.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id={paths.anchors.perfectFor} className="landing__section" tabIndex={-1} aria-labelledby="perfect-for-title">
        <h2 id="perfect-for-title">{t('landing.perfectFor.title')}</h2>
        <div className="card-grid card-grid--2">
          {(['teachers', 'students'] as const).map((who) => (
            <div key={who} className="benefit-card">
              <h3>
                <Icon name={who === 'teachers' ? 'briefcase' : 'graduation-cap'} /> {t(`landing.perfectFor.${who}.title`)}
              </h3>
              <ul className="check-list">
                {BENEFITS.map((b) => (
                  <li key={b}>
                    <Icon name="check" className="check-list__icon" />
                    <span>{t(`landing.perfectFor.${who}.${b}`)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section className="landing__section" aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">{t('landing.howItWorks.title')}</h2>
        <ol className="card-grid card-grid--3 steps">
          {STEPS.map((s, index) => (
            <li key={s.key} className="step-card">
              <span className="step-card__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <Icon name={s.icon} /> {t(`landing.howItWorks.${s.key}.title`)}
              </h3>
              <p>{t(`landing.howItWorks.${s.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing__section" aria-labelledby="competition-title">
        <h2 id="competition-title">{t('landing.competition.title')}</h2>
        <ul className="card-grid card-grid--4">
          {COMPETITION.map((c) => (
            <li key={c.key} className="feature-card feature-card--compact">
              <span className="feature-card__icon">
                <Icon name={c.icon} />
              </span>
              <h3>{t(`landing.competition.${c.key}.title`)}</h3>
              <p>{t(`landing.competition.${c.key}.text`, amounts)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="landing__section">
        <AchievementRules headingLevel={2} />
      </div>

      <section className="landing__final" aria-labelledby="final-cta-title">
        <h2 id="final-cta-title">{t('landing.finalCta.title')}</h2>
        <p>{t('landing.finalCta.text')}</p>
        <Link to={paths.signup} className="button button--large landing__final-button">
          <Icon name="user-plus" />
          <span>{t('landing.finalCta.button')}</span>
        </Link>
      </section>
    </div>
  );
}
