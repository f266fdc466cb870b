import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ReviewPage } from '../../features/review/components/ReviewPage';
import { useTasks } from '../../features/tasks/api/get-tasks';
import { ReviewQueueRoute } from './review-queue-route';

/** The review overview, or at /teacher/review/queue the review queue (PRODUCT.md §15). */
export function ReviewRoute() {
  const { pathname } = useLocation();
  return pathname.startsWith(paths.teacher.reviewQueue) ? <ReviewQueueRoute /> : <ReviewOverviewRoute />;
}

/** Review page fed with the tasks of the teacher's groups; ?task=&student= (a gradebook cell) narrows it to that work. */
function ReviewOverviewRoute() {
  const tasks = useTasks();
  const [params, setParams] = useSearchParams();
  const taskId = Number(params.get('task'));
  const studentId = Number(params.get('student'));
  const focus = Number.isInteger(taskId) && taskId > 0 && Number.isInteger(studentId) && studentId > 0 ? { taskId, studentId } : null;
  return <ReviewPage tasks={tasks.data ?? []} tasksLoading={tasks.isPending} tasksFailed={tasks.isError} focus={focus} onShowAll={() => setParams({})} />;
}
