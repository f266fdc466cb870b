import { reviewManyResultSchema, type ReviewManyInput, type ReviewManyResult } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewSolutionsQueryKey } from './get-solutions';

/** POST /api/solutions/review {ids, correct, feedback?}: one verdict for many, all or nothing. */
export function reviewMany(input: ReviewManyInput): Promise<ReviewManyResult> {
  return apiRequest('/api/solutions/review', { method: 'POST', body: input }, reviewManyResultSchema);
}

/**
 * "Confirm all suggested" for a task: the checker's correct suggestions in one call, its incorrect
 * ones in another (a call carries one verdict). The list is reloaded afterwards, since many
 * solutions changed at once.
 */
export function useConfirmSuggested() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ correctIds, incorrectIds }: { correctIds: number[]; incorrectIds: number[] }) => {
      let updated = 0;
      if (correctIds.length > 0) updated += (await reviewMany({ ids: correctIds, correct: true })).updated;
      if (incorrectIds.length > 0) updated += (await reviewMany({ ids: incorrectIds, correct: false })).updated;
      return updated;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewSolutionsQueryKey }),
  });
}
