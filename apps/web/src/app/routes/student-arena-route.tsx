import { paths } from '../../config/paths';
import { ArenaPage } from '../../features/arena/components/ArenaPage';
import { MyStanding } from '../../features/leaderboard/components/MyStanding';
import { useProfile } from '../../features/profile/api/get-profile';
import { useSession } from '../../lib/session';

/** The student's arena; it knows from the profile whether a group has been chosen. */
export function StudentArenaRoute() {
  const profile = useProfile();
  const { user } = useSession();
  const hasGroup = profile.data ? profile.data.groups.length > 0 : undefined;
  // Points and rank come from the leaderboard of the group the session (and so the server) knows.
  const group = user?.groups[0];
  const standing =
    user && group && hasGroup !== false ? <MyStanding groupId={group.id} userId={user.id} leaderboardPath={paths.student.leaderboard} /> : null;
  return <ArenaPage hasGroup={hasGroup} profilePath={paths.student.profile} standing={standing} />;
}
