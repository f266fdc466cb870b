import type { ReviewSolutionInput, Solution } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewSolutionsQueryKey } from './get-solutions';

/** PUT /api/solutions/{id} {correct, reviewed, feedback}; the response is only logged (SEED.md §7). */
export async function reviewSolution({ id, ...verdict }: ReviewSolutionInput & { id: number }): Promise<Solution | undefined> {
  try {
    const updated = await apiRequest<Solution | undefined>(`/api/solutions/${id}`, { method: 'PUT', body: verdict });
    console.info('Solution reviewed', id);
    return updated;
  } catch (error) {
    console.error('Failed to review solution', id, error);
    throw error;
  }
}

/**
 * The list is not reloaded (SEED.md §7): the page keeps its order while the teacher works and each
 * solution shows its new verdict itself. The cached lists are only marked stale for the next visit.
 */
export function useReviewSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSolution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewSolutionsQueryKey, refetchType: 'none' }),
  });
}
