import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueryKey, useProfile } from '../../features/profile/api/get-profile';
import { syncSessionUser, USER_KEY } from '../../lib/session';

/**
 * Keeps the session's groups what the server says they are (issue 49): the token is issued at
 * sign-in, but a teacher creates groups and a student joins one afterwards. The profile is read on
 * entering an area and whenever another tab changes the stored user, and the session follows it,
 * so every page (gradebook, leaderboard, arena) and every other tab knows the groups at once.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  useEffect(() => {
    if (profile.data) syncSessionUser(profile.data);
  }, [profile.data]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_KEY) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
  return null;
}
