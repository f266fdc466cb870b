import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMine } from './get-groups';

/** DELETE /api/groups/{id}; 409 GROUP_NOT_EMPTY while it still has students or tasks. */
export function deleteGroup(id: number): Promise<unknown> {
  return apiRequest(`/api/groups/${id}`, { method: 'DELETE' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSettled: () => invalidateMine(queryClient) });
}
