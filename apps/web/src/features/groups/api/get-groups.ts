import { groupSummarySchema, type GroupSummary } from '@mathclub/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const groupsQueryKey = ['groups'] as const;

/** GET /api/groups: every group with how many students, teachers and tasks it holds. */
export function getGroups(): Promise<GroupSummary[]> {
  return apiRequest('/api/groups', {}, z.array(groupSummarySchema));
}

export const groupsQueryOptions = () => queryOptions({ queryKey: groupsQueryKey, queryFn: getGroups });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}

// The signed-in user's profile (the profile feature's key, kept here as data: features do not import
// each other). Its groups are what the session and every page follow (app/layout/SessionSync.tsx).
const PROFILE = ['profile'] as const;

/** After a create, rename or delete: the list, and the caller's own groups, are asked for again. */
export function invalidateMine(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: groupsQueryKey }), queryClient.invalidateQueries({ queryKey: PROFILE })]);
}
