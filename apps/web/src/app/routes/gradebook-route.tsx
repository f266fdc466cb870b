import { GradebookPage } from '../../features/gradebook/components/GradebookPage';
import { useSession } from '../../lib/session';

/** The gradebook of the teacher's groups (from the session, like the leaderboard). */
export function GradebookRoute() {
  const { user } = useSession();
  return <GradebookPage groups={user?.groups ?? []} />;
}
