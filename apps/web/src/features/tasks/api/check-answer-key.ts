import { answerKeyCheckResultSchema, type AnswerKeyCheckInput, type AnswerKeyCheckResult } from '@mathclub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/answer-keys/check: how the checker reads a key, and its verdict on a tried answer. */
export function checkAnswerKey(input: AnswerKeyCheckInput, signal?: AbortSignal): Promise<AnswerKeyCheckResult> {
  return apiRequest('/api/answer-keys/check', { method: 'POST', body: input, signal }, answerKeyCheckResultSchema);
}

/**
 * The task form's live preview: asked only for a kind with a key (the caller debounces the typing),
 * the last answer kept on screen while the next one is on its way. A 400 (the key does not parse)
 * is the hook's error, shown under the key field; it is not retried.
 */
export function useAnswerKeyCheck(input: AnswerKeyCheckInput | null) {
  return useQuery({
    queryKey: ['answer-key-check', input],
    queryFn: ({ signal }) => checkAnswerKey(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
