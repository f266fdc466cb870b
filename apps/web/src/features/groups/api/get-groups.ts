import { groupSummarySchema, type GroupSummary } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
