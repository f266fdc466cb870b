import { ReviewPage } from '../../features/review/components/ReviewPage';
import { useTasks } from '../../features/tasks/api/get-tasks';

/** Review page fed with the tasks of the teacher's groups. */
export function ReviewRoute() {
  const tasks = useTasks();
  return <ReviewPage tasks={tasks.data ?? []} tasksLoading={tasks.isPending} tasksFailed={tasks.isError} />;
}
