import type { AnswerKind, CheckMode, Level, Task } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tasksQueryKey } from './get-tasks';

export interface TaskChanges {
  title: string;
  text: string;
  level: Level;
  points: number;
  groupId: number;
  /** A new picture (multipart), or removeImage to drop the current one. */
  image: File | null;
  removeImage: boolean;
  opensAt: string | null;
  closesAt: string | null;
  answerKind: AnswerKind;
  answerKey: string;
  tolerance: number;
  checkMode: CheckMode;
}

/** PATCH /api/tasks/{id} (PRODUCT.md §10): JSON, or multipart when a new image goes with it. */
export function updateTask(id: number, changes: TaskChanges): Promise<Task> {
  const fields = {
    title: changes.title,
    text: changes.text,
    level: changes.level,
    points: changes.points,
    group: changes.groupId,
    opensAt: changes.opensAt,
    closesAt: changes.closesAt,
    answerKind: changes.answerKind,
    answerKey: changes.answerKind === 'none' ? null : changes.answerKey,
    tolerance: changes.answerKind === 'number' ? changes.tolerance : 0,
    checkMode: changes.checkMode,
    ...(changes.removeImage && !changes.image ? { removeImage: true } : {}),
  };
  if (!changes.image) return apiRequest<Task>(`/api/tasks/${id}`, { method: 'PATCH', body: fields });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value === null ? '' : String(value));
  body.append('taskImage', changes.image, changes.image.name);
  return apiRequest<Task>(`/api/tasks/${id}`, { method: 'PATCH', body });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TaskChanges }) => updateTask(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}

/**
 * Closes a task now (PATCH with `closesAt` only): students keep its answers and points and can
 * no longer answer. What the delete confirmation offers instead of deleting (issue 26).
 */
export function useCloseTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Task>(`/api/tasks/${id}`, { method: 'PATCH', body: { closesAt: new Date().toISOString() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}

/** POST /api/tasks/{id}/copy {group}: the task duplicated into another of the teacher's groups. */
export function useCopyTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, groupId }: { id: number; groupId: number }) => apiRequest<Task>(`/api/tasks/${id}/copy`, { method: 'POST', body: { group: groupId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}
