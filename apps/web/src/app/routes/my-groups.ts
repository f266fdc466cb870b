import type { Group } from '@mathclub/shared';
import { useProfile } from '../../features/profile/api/get-profile';
import { useSession } from '../../lib/session';

/**
 * The caller's groups as the server knows them (the profile), the session's until it has come:
 * `pending` while neither can say yet that there are none.
 */
export function useMyGroups(): { groups: Group[]; pending: boolean } {
  const { user } = useSession();
  const profile = useProfile();
  const groups = profile.data?.groups ?? user?.groups ?? [];
  return { groups, pending: groups.length === 0 && profile.isPending };
}
