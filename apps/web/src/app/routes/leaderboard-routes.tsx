import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { LeaderboardPage } from '../../features/leaderboard/components/LeaderboardPage';
import { useSession } from '../../lib/session';
import { useMyGroups } from './my-groups';

// The server checks the groups the account has now (not those its token carried at sign-in), so the
// list is the profile's.

export function TeacherLeaderboardRoute() {
  const { groups, pending } = useMyGroups();
  return pending ? <PageLoader /> : <LeaderboardPage groups={groups} audience="teacher" profilePath={paths.teacher.profile} />;
}

export function StudentLeaderboardRoute() {
  const { user } = useSession();
  const { groups, pending } = useMyGroups();
  return pending ? <PageLoader /> : <LeaderboardPage groups={groups} currentUserId={user?.id} audience="student" profilePath={paths.student.profile} />;
}
