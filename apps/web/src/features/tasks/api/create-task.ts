import type { AnswerKind, CheckMode, Level, Task } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tasksQueryKey } from './get-tasks';

export interface NewTask {
  title: string;
  text: string;
  level: Level;
  points: number;
  groupId: number;
  image: File | null;
  /** The answer key (PRODUCT.md §9); omitted fields take the server's defaults (no key, manual). */
  answerKind?: AnswerKind;
  answerKey?: string;
  tolerance?: number;
  checkMode?: CheckMode;
  /** The window (PRODUCT.md §10): ISO instants, or null/absent for none. */
  opensAt?: string | null;
  closesAt?: string | null;
}

/** POST /api/tasks, multipart: title, text, level, points and group as text, optional `taskImage`. */
export function createTask(task: NewTask): Promise<Task> {
  const body = new FormData();
  body.append('title', task.title);
  body.append('text', task.text);
  body.append('level', task.level);
  body.append('points', String(task.points));
  body.append('group', String(task.groupId));
  if (task.answerKind && task.answerKind !== 'none') {
    body.append('answerKind', task.answerKind);
    body.append('answerKey', task.answerKey ?? '');
    if (task.tolerance) body.append('tolerance', String(task.tolerance));
    body.append('checkMode', task.checkMode ?? 'manual');
  }
  if (task.opensAt) body.append('opensAt', task.opensAt);
  if (task.closesAt) body.append('closesAt', task.closesAt);
  if (task.image) body.append('taskImage', task.image, task.image.name);
  return apiRequest<Task>('/api/tasks', { method: 'POST', body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }) });
}
