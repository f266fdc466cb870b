import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** DELETE /api/tasks/{id}; a 404 means it is already gone, which is what we wanted (SEED.md §7). */
export async function deleteTask(id: number): Promise<void> {
  try {
    await apiRequest(`/api/tasks/${id}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return;
    throw error;
  }
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }) });
}
