import type { Group, GroupNameInput } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMine } from './get-groups';

/** POST /api/groups {name}. */
export function createGroup(input: GroupNameInput): Promise<Group> {
  return apiRequest('/api/groups', { method: 'POST', body: input });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => invalidateMine(queryClient) });
}
