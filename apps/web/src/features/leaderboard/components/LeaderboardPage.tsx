import './leaderboard.css';
import { LEADERBOARD_PERIODS, type Group, type LeaderboardPeriod } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useLeaderboard } from '../api/get-leaderboard';
import { LeaderboardTable } from './LeaderboardTable';
import { PointsRules } from './PointsRules';
import { AchievementRules } from '../../../components/AchievementRules';

interface Props {
  /** The groups whose leaderboards the signed-in user may see (from the session). */
  groups: Group[];
  /** The signed-in student, whose row is highlighted; undefined for teachers. */
  currentUserId?: number;
  audience: 'teacher' | 'student';
  profilePath: string;
}

/** Leaderboard page for both areas (PRODUCT.md §7): group, period, ranks and how points are earned. */
export function LeaderboardPage({ groups, currentUserId, audience, profilePath }: Props) {
  const { t } = useTranslation();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const group = groups.find((g) => g.id === chosenId) ?? groups[0];
  const board = useLeaderboard(group?.id, period);

  useEffect(() => {
    if (board.error) console.error('Failed to load the leaderboard', board.error);
  }, [board.error]);

  const periodOptions = LEADERBOARD_PERIODS.map((value) => ({ value, label: t(`leaderboard.period.${value}`) }));
  const rows = board.data ?? [];
  const nobodyScored = rows.length > 0 && rows.every((r) => r.points === 0);

  return (
    <section className="page page--leaderboard">
      <PageTitle>{t('leaderboard.title')}</PageTitle>
      {!group ? (
        <Message
          severity="warn"
          className="page__message"
          content={
            <span>
              {t(`leaderboard.noGroup.${audience}`)} <Link to={profilePath}>{t(`leaderboard.noGroup.${audience}Link`)}</Link>
            </span>
          }
        />
      ) : (
        <>
          <div className="leaderboard__toolbar">
            {groups.length > 1 ? (
              <div className="field leaderboard__group-field">
                <label htmlFor="leaderboard-group">{t('leaderboard.group')}</label>
                <Dropdown
                  inputId="leaderboard-group"
                  value={group.id}
                  options={groups.map((g) => ({ value: g.id, label: g.name }))}
                  onChange={(e) => setChosenId(e.value as number)}
                />
              </div>
            ) : (
              <p className="leaderboard__group" data-testid="leaderboard-group">
                <i className="pi pi-users" aria-hidden="true" /> {t('leaderboard.group')}: <strong>{group.name}</strong>
              </p>
            )}
            <SelectButton
              value={period}
              options={periodOptions}
              onChange={(e) => {
                if (e.value) setPeriod(e.value as LeaderboardPeriod);
              }}
              allowEmpty={false}
              aria-label={t('leaderboard.period.label')}
              className="leaderboard__period"
            />
          </div>

          {board.isError ? (
            <Message
              severity="error"
              className="page__message"
              content={
                <span className="leaderboard__error">
                  {t('leaderboard.loadFailed')}
                  <Button type="button" label={t('common.retry')} icon="pi pi-refresh" text size="small" onClick={() => void board.refetch()} />
                </span>
              }
            />
          ) : null}

          {board.isPending ? (
            <div className="list-loading" role="status">
              <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
              <span className="visually-hidden">{t('app.loading')}</span>
            </div>
          ) : board.isError && !board.data ? null : rows.length === 0 ? (
            <p className="list-empty">{t('leaderboard.empty')}</p>
          ) : (
            <>
              {nobodyScored ? <p className="leaderboard__hint">{t(`leaderboard.nobodyScored.${period}`)}</p> : null}
              <LeaderboardTable
                rows={rows}
                currentUserId={currentUserId}
                busy={board.isFetching}
                caption={t('leaderboard.caption', { group: group.name, period: t(`leaderboard.period.${period}`).toLocaleLowerCase() })}
              />
            </>
          )}
        </>
      )}
      <PointsRules />
      <AchievementRules />
    </section>
  );
}
