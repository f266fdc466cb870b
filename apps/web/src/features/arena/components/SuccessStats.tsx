import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import type { SuccessStats as Stats } from './arena-stats';

const CATEGORIES = [
  { key: 'correct', color: '#15803d', icon: 'check-circle' },
  { key: 'inReview', color: '#b45309', icon: 'clock' },
  { key: 'incorrect', color: '#b91c1c', icon: 'times-circle' },
] as const;

/** 'your success': the numbers (zero categories hidden) and a donut of the same numbers. */
export function SuccessStats({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const shown = CATEGORIES.filter((c) => stats[c.key] > 0);
  const summary = [
    t('arena.stats.percentLabel', { percent: stats.percent }),
    ...shown.map((c) => `${t(`arena.stats.${c.key}`)}: ${stats[c.key]}`),
    t('arena.stats.available', { count: stats.available }),
  ].join('; ');

  // Segments of a circle whose circumference is 100, so lengths are percentages of all tasks;
  // each starts where the previous ended (12 o'clock first).
  const lengths = shown.map((c) => (stats.available === 0 ? 0 : (stats[c.key] / stats.available) * 100));
  const segments = shown.map((c, i) => ({ ...c, length: lengths[i]!, offset: 25 - lengths.slice(0, i).reduce((a, b) => a + b, 0) }));

  return (
    <div className="success-stats" data-testid="success-stats">
      <figure className="success-stats__chart" role="img" aria-label={summary}>
        <svg viewBox="0 0 42 42" width="140" height="140" aria-hidden="true">
          <circle cx="21" cy="21" r="15.9155" fill="none" stroke="#e5e7eb" strokeWidth="6" />
          {segments.map((s) => (
            <circle
              key={s.key}
              cx="21"
              cy="21"
              r="15.9155"
              fill="none"
              stroke={s.color}
              strokeWidth="6"
              strokeDasharray={`${s.length} ${100 - s.length}`}
              strokeDashoffset={s.offset}
            />
          ))}
          <text x="21" y="23.3" textAnchor="middle" className="success-stats__percent-text">
            {stats.percent}%
          </text>
        </svg>
      </figure>
      <div className="success-stats__numbers">
        <p className="success-stats__percent">
          <span className="success-stats__percent-value" data-testid="success-percent">
            {stats.percent}%
          </span>{' '}
          <span>{t('arena.stats.percent')}</span>
        </p>
        {shown.length > 0 ? (
          <ul className="success-stats__list">
            {shown.map((c) => (
              <li key={c.key} data-testid={`stat-${c.key}`}>
                <span className="success-stats__swatch" style={{ background: c.color }} aria-hidden="true" />
                <Icon name={c.icon} style={{ color: c.color }} />
                <span>{t(`arena.stats.${c.key}`)}</span>
                <strong>{stats[c.key]}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p className="success-stats__none">{t('arena.stats.nothingYet')}</p>
        )}
        <p className="success-stats__available">{t('arena.stats.available', { count: stats.available })}</p>
      </div>
    </div>
  );
}
