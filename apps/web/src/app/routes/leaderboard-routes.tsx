import { paths } from '../../config/paths';
import { LeaderboardPage } from '../../features/leaderboard/components/LeaderboardPage';
import { useSession } from '../../lib/session';

// The server lets each user see the groups their token carries, so the session's groups are the list.

export function TeacherLeaderboardRoute() {
  const { user } = useSession();
  return <LeaderboardPage groups={user?.groups ?? []} audience="teacher" profilePath={paths.teacher.profile} />;
}

export function StudentLeaderboardRoute() {
  const { user } = useSession();
  return <LeaderboardPage groups={user?.groups ?? []} currentUserId={user?.id} audience="student" profilePath={paths.student.profile} />;
}
