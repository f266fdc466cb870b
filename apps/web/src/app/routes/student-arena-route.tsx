import { paths } from '../../config/paths';
import { ArenaPage } from '../../features/arena/components/ArenaPage';
import { useProfile } from '../../features/profile/api/get-profile';

/** The student's arena; it knows from the profile whether a group has been chosen. */
export function StudentArenaRoute() {
  const profile = useProfile();
  const hasGroup = profile.data ? profile.data.groups.length > 0 : undefined;
  return <ArenaPage hasGroup={hasGroup} profilePath={paths.student.profile} />;
}
