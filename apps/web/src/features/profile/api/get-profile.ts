import type { User } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asObjectWithLists } from '../../../lib/response-shape';

export const profileQueryKey = ['profile'] as const;

// The server builds this answer from the shared schema (and its serializer is compiled from it):
// the arena's reads are not parsed again with zod (only their shape is checked), so the arena
// does not download zod.
/** GET /api/users/profile: the signed-in user's own record. */
export function getProfile(): Promise<User> {
  return apiRequest('/api/users/profile').then((data) => asObjectWithLists<User>(data, 'groups'));
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
