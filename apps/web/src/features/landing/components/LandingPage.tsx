import { ACCURACY_BONUS, SPEED_BONUSES } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config/paths';

const FEATURES = [
  { key: 'gamified', icon: 'pi pi-star' },
  { key: 'communities', icon: 'pi pi-users' },
  { key: 'competition', icon: 'pi pi-trophy' },
] as const;
const BENEFITS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const;
const STEPS = [
  { key: 's1', icon: 'pi pi-user-plus' },
  { key: 's2', icon: 'pi pi-sitemap' },
  { key: 's3', icon: 'pi pi-check-circle' },
] as const;
const COMPETITION = [
  { key: 'points', icon: 'pi pi-plus-circle' },
  { key: 'speed', icon: 'pi pi-bolt' },
  { key: 'accuracy', icon: 'pi pi-bullseye' },
  { key: 'leaderboards', icon: 'pi pi-chart-bar' },
] as const;

/** The public landing page (SEED.md §2), with the real bonus amounts from the shared constants. */
export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [first, second, third] = SPEED_BONUSES;
  const amounts = { first, second, third, bonus: ACCURACY_BONUS };

  return (
    <div className="landing">
      <section className="landing__hero">
        <PageTitle>{t('landing.hero.title')}</PageTitle>
        <p className="landing__lead">{t('landing.hero.subtitle')}</p>
        <div className="landing__actions">
          <Button label={t('landing.hero.cta')} icon="pi pi-arrow-right" iconPos="right" size="large" onClick={() => void navigate(paths.signup)} />
          <Button label={t('landing.hero.secondary')} severity="secondary" outlined size="large" onClick={() => void navigate(paths.login)} className="landing__secondary" />
        </div>
      </section>

      <section id={paths.anchors.whatItIs} className="landing__section" tabIndex={-1} aria-labelledby="what-it-is-title">
        <h2 id="what-it-is-title">{t('landing.whatItIs.title')}</h2>
        <p className="landing__intro">{t('landing.whatItIs.intro')}</p>
        <ul className="card-grid card-grid--3">
          {FEATURES.map((f) => (
            <li key={f.key} className="feature-card">
              <i className={`${f.icon} feature-card__icon`} aria-hidden="true" />
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
                <i className={who === 'teachers' ? 'pi pi-briefcase' : 'pi pi-graduation-cap'} aria-hidden="true" /> {t(`landing.perfectFor.${who}.title`)}
              </h3>
              <ul className="check-list">
                {BENEFITS.map((b) => (
                  <li key={b}>
                    <i className="pi pi-check" aria-hidden="true" />
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
                <i className={s.icon} aria-hidden="true" /> {t(`landing.howItWorks.${s.key}.title`)}
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
              <i className={`${c.icon} feature-card__icon`} aria-hidden="true" />
              <h3>{t(`landing.competition.${c.key}.title`)}</h3>
              <p>{t(`landing.competition.${c.key}.text`, amounts)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing__final" aria-labelledby="final-cta-title">
        <h2 id="final-cta-title">{t('landing.finalCta.title')}</h2>
        <p>{t('landing.finalCta.text')}</p>
        <Button label={t('landing.finalCta.button')} icon="pi pi-user-plus" size="large" onClick={() => void navigate(paths.signup)} className="landing__final-button" />
      </section>
    </div>
  );
}
