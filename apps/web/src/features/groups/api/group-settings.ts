import { groupSettingsSchema, joinCodeResponseSchema, type GroupSettings, type GroupSettingsUpdate } from '@mathclub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const groupSettingsKey = (groupId: number) => ['groups', groupId, 'settings'] as const;

/** GET /api/groups/{id}/settings: the live join code and the three switches (teachers of the group). */
export function useGroupSettings(groupId: number) {
  return useQuery({ queryKey: groupSettingsKey(groupId), queryFn: () => apiRequest(`/api/groups/${groupId}/settings`, {}, groupSettingsSchema) });
}

/** PATCH /api/groups/{id}/settings. */
export function useUpdateGroupSettings(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: GroupSettingsUpdate) => apiRequest(`/api/groups/${groupId}/settings`, { method: 'PATCH', body: patch }, groupSettingsSchema),
    onSuccess: (settings: GroupSettings) => queryClient.setQueryData(groupSettingsKey(groupId), settings),
  });
}

/** POST /api/groups/{id}/join-code: a new code; the old one stops working. */
export function useRotateJoinCode(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/api/groups/${groupId}/join-code`, { method: 'POST' }, joinCodeResponseSchema),
    onSuccess: ({ code }) => queryClient.setQueryData(groupSettingsKey(groupId), (old: GroupSettings | undefined) => (old ? { ...old, joinCode: code } : old)),
  });
}
