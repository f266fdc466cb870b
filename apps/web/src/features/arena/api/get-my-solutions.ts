import { solutionSchema, type Solution } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const mySolutionsQueryKey = ['solutions', 'mine'] as const;

/** GET /api/solutions as a student: the server answers with their own solutions only. */
export function getMySolutions(): Promise<Solution[]> {
  return apiRequest('/api/solutions', {}, z.array(solutionSchema));
}

export const mySolutionsQueryOptions = () => queryOptions({ queryKey: mySolutionsQueryKey, queryFn: getMySolutions });

export function useMySolutions() {
  return useQuery(mySolutionsQueryOptions());
}
