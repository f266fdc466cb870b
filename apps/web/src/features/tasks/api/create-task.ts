import type { Level, Task } from '@mathclub/shared';
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
}

/** POST /api/tasks, multipart: title, text, level, points and group as text, optional `taskImage`. */
export function createTask(task: NewTask): Promise<Task> {
  const body = new FormData();
  body.append('title', task.title);
  body.append('text', task.text);
  body.append('level', task.level);
  body.append('points', String(task.points));
  body.append('group', String(task.groupId));
  if (task.image) body.append('taskImage', task.image, task.image.name);
  return apiRequest<Task>('/api/tasks', { method: 'POST', body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }) });
}
