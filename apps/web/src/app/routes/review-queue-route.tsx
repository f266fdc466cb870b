import { useSearchParams } from 'react-router';
import { ReviewQueuePage } from '../../features/review/components/queue/ReviewQueuePage';
import { useTasks } from '../../features/tasks/api/get-tasks';

/** The review queue fed with the tasks of the teacher's groups; ?task=ID queues that task's answers only. */
export function ReviewQueueRoute() {
  const tasks = useTasks();
  const [params] = useSearchParams();
  const raw = Number(params.get('task'));
  const taskId = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <ReviewQueuePage tasks={tasks.data ?? []} tasksLoading={tasks.isPending} taskId={taskId} />;
}
