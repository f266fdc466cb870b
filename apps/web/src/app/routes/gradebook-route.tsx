import { useState } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { GradebookPage } from '../../features/gradebook/components/GradebookPage';
import { useTasks } from '../../features/tasks/api/get-tasks';
import { useMyGroups } from './my-groups';

/**
 * The gradebook of the teacher's groups, as the server knows them (a group created since sign-in
 * too), with the opening time of each task not open yet (from the teacher's task list: issue 49,
 * such a column read as "0 % correct").
 */
export function GradebookRoute() {
  const { groups, pending } = useMyGroups();
  const tasks = useTasks();
  // The moment the page was opened (as the task list does): a task opening while it is looked at shows on the next visit.
  const [now] = useState(Date.now);
  const notOpen = new Map((tasks.data ?? []).filter((task) => task.opensAt && Date.parse(task.opensAt) > now).map((task) => [task.id, task.opensAt!]));
  return pending ? <PageLoader /> : <GradebookPage groups={groups} notOpen={notOpen} />;
}
