import type { Group } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMine } from './get-groups';

/** PATCH /api/groups/{id} {name}. */
export function renameGroup({ id, name }: { id: number; name: string }): Promise<Group> {
  return apiRequest(`/api/groups/${id}`, { method: 'PATCH', body: { name } });
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameGroup, onSuccess: () => invalidateMine(queryClient) });
}
