import { userSchema, type User } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

/** GET /api/users/profile: the signed-in user's own record. */
export function getProfile(): Promise<User> {
  return apiRequest('/api/users/profile', {}, userSchema);
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
