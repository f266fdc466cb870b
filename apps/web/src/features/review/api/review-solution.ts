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

/** The list is not reloaded; the cached solution takes the saved verdict so the page shows it. */
export function useReviewSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSolution,
    onSuccess: (updated, input) => {
      queryClient.setQueriesData<Solution[]>({ queryKey: reviewSolutionsQueryKey }, (list) =>
        list?.map((s) =>
          s.id === input.id
            ? { ...s, ...(updated ?? {}), correct: input.correct, reviewed: input.reviewed, feedback: updated?.feedback ?? input.feedback ?? null }
            : s,
        ),
      );
    },
  });
}
