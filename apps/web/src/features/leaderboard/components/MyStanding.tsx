import './leaderboard.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { useLeaderboard } from '../api/get-leaderboard';

interface Props {
  groupId: number;
  userId: number;
  leaderboardPath: string;
}

/** The student's all-time points and rank in their group, for the arena's 'your success'. */
export function MyStanding({ groupId, userId, leaderboardPath }: Props) {
  const { t } = useTranslation();
  const board = useLeaderboard(groupId, 'all');
  const rows = board.data ?? [];
  const mine = rows.find((r) => r.userId === userId);

  let text: string;
  if (board.isPending) text = t('app.loading');
  else if (board.isError) text = t('leaderboard.standing.failed');
  else if (!mine) text = t('leaderboard.standing.notListed');
  else text = t('leaderboard.standing.text', { points: mine.points, count: mine.points, rank: mine.rank, total: rows.length });

  return (
    <p className="my-standing" data-testid="my-standing" aria-live="polite">
      <Icon name="trophy" className="my-standing__icon" />
      <span className="my-standing__text">{text}</span>
      <Link to={leaderboardPath} className="my-standing__link">
        {t('leaderboard.standing.link')}
      </Link>
    </p>
  );
}
