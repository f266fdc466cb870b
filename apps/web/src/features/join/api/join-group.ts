import { profileUpdateResponseSchema, type ProfileUpdateResponse } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** POST /api/groups/join {code}: the student moves into the group; the fresh token says so. */
export function joinGroup(code: string): Promise<ProfileUpdateResponse> {
  return apiRequest('/api/groups/join', { method: 'POST', body: { code } }, profileUpdateResponseSchema);
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: ({ access_token }) => {
      setSession(access_token);
      // Tasks, leaderboard and profile all follow the group.
      void queryClient.invalidateQueries();
    },
  });
}
