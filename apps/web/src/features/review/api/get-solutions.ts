import { solutionSchema, type Solution } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const reviewSolutionsQueryKey = ['solutions', 'review'] as const;

/** GET /api/solutions[?reviewed=false]: the solutions to the tasks of the teacher's groups. */
export function getSolutions(waitingOnly: boolean): Promise<Solution[]> {
  return apiRequest(waitingOnly ? '/api/solutions?reviewed=false' : '/api/solutions', {}, z.array(solutionSchema));
}

export const solutionsQueryOptions = (waitingOnly: boolean) =>
  queryOptions({ queryKey: [...reviewSolutionsQueryKey, { waitingOnly }], queryFn: () => getSolutions(waitingOnly) });

export function useSolutions(waitingOnly: boolean) {
  return useQuery(solutionsQueryOptions(waitingOnly));
}
