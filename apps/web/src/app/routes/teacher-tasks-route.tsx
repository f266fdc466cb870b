import { useProfile } from '../../features/profile/api/get-profile';
import { TasksPage } from '../../features/tasks/components/TasksPage';

/** Tasks page fed with the teacher's own groups from their profile. */
export function TeacherTasksRoute() {
  const profile = useProfile();
  return <TasksPage groups={profile.data?.groups ?? []} groupsLoading={profile.isPending} />;
}
