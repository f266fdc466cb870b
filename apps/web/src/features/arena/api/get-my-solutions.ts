import type { Solution } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asList } from '../../../lib/response-shape';

export const mySolutionsQueryKey = ['solutions', 'mine'] as const;

// The server builds this answer from the shared schema (and its serializer is compiled from it):
// the arena's reads are not parsed again with zod (only their shape is checked), so the arena
// does not download zod.
/** GET /api/solutions as a student: the server answers with their own solutions only. */
export function getMySolutions(): Promise<Solution[]> {
  return apiRequest('/api/solutions').then(asList<Solution>);
}

export const mySolutionsQueryOptions = () => queryOptions({ queryKey: mySolutionsQueryKey, queryFn: getMySolutions });

export function useMySolutions() {
  return useQuery(mySolutionsQueryOptions());
}
