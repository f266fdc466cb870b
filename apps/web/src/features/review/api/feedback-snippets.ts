import { feedbackSnippetSchema, feedbackSnippetsSchema, type FeedbackSnippet } from '@mathclub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';

export const feedbackSnippetsQueryKey = ['feedback-snippets'] as const;

/** GET /api/feedback-snippets: the teacher's saved comments, most used first. */
export function getFeedbackSnippets(): Promise<FeedbackSnippet[]> {
  return apiRequest('/api/feedback-snippets', {}, feedbackSnippetsSchema);
}

/**
 * The list is read once per visit and then changed in place (added at the end, deleted where it
 * is): the numbers 1–9 a teacher types stay on the same comments while they work, even though a
 * verdict's use would move a comment up the server's "most used first" order.
 */
export const feedbackSnippetsQueryOptions = () =>
  queryOptions({ queryKey: feedbackSnippetsQueryKey, queryFn: getFeedbackSnippets, staleTime: Infinity });

export function useFeedbackSnippets() {
  return useQuery(feedbackSnippetsQueryOptions());
}

/** POST /api/feedback-snippets {text} → 201 the new comment (appended to the cached list). */
export function useCreateFeedbackSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest('/api/feedback-snippets', { method: 'POST', body: { text } }, feedbackSnippetSchema),
    onSuccess: (created) => queryClient.setQueryData<FeedbackSnippet[]>(feedbackSnippetsQueryKey, (list) => [...(list ?? []), created]),
  });
}

/** DELETE /api/feedback-snippets/{id} → 204 (a 404, already gone, counts as done). */
export function useDeleteFeedbackSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await apiRequest(`/api/feedback-snippets/${id}`, { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
      return id;
    },
    onSuccess: (id) => queryClient.setQueryData<FeedbackSnippet[]>(feedbackSnippetsQueryKey, (list) => list?.filter((s) => s.id !== id)),
  });
}
