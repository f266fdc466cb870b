import type { LeaderboardRow } from '@mathclub/shared';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { RankMedal } from './RankMedal';

interface Props {
  rows: LeaderboardRow[];
  /** The signed-in student, whose row is highlighted; teachers have none. */
  currentUserId?: number;
  caption: string;
  busy: boolean;
}

/** Ranks 1–3 are the podium, but only once someone there has earned points. */
export function isPodium(row: LeaderboardRow): boolean {
  return row.rank <= 3 && row.points > 0;
}

/** Rank, name, points and tasks solved; equal points show the same rank. */
export function LeaderboardTable({ rows, currentUserId, caption, busy }: Props) {
  const { t } = useTranslation();
  const ranks = new Map<number, number>();
  for (const row of rows) ranks.set(row.rank, (ranks.get(row.rank) ?? 0) + 1);

  return (
    <div className="table-scroll leaderboard__scroll">
      <table className="leaderboard-table" aria-busy={busy || undefined} data-testid="leaderboard-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="leaderboard-table__rank">
              {t('leaderboard.columns.rank')}
            </th>
            <th scope="col">{t('leaderboard.columns.name')}</th>
            <th scope="col" className="leaderboard-table__number">
              {t('leaderboard.columns.points')}
            </th>
            <th scope="col" className="leaderboard-table__number">
              {t('leaderboard.columns.solved')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const own = row.userId === currentUserId;
            const podium = isPodium(row);
            const shared = (ranks.get(row.rank) ?? 0) > 1;
            const className = ['leaderboard-row', podium ? `leaderboard-row--place-${row.rank}` : '', own ? 'leaderboard-row--own' : '']
              .filter(Boolean)
              .join(' ');
            return (
              <tr key={row.userId} className={className} aria-current={own ? 'true' : undefined} data-testid="leaderboard-row">
                <td className="leaderboard-table__rank" data-testid="leaderboard-rank">
                  <RankMedal rank={row.rank} podium={podium} />
                  {shared ? <span className="visually-hidden"> {t('leaderboard.sharedRank')}</span> : null}
                </td>
                <th scope="row" className="leaderboard-table__name">
                  <span className="leaderboard-table__name-text">{row.name}</span>
                  {own ? <Tag value={t('leaderboard.you')} className="leaderboard-table__you" /> : null}
                </th>
                <td className="leaderboard-table__number leaderboard-table__points" data-testid="leaderboard-points">
                  {row.points}
                </td>
                <td className="leaderboard-table__number">{row.solved}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
