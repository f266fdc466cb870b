import { answerGroupsSchema, type AnswerGroup } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Not under ['solutions', 'review']: the live updates write new solutions into every list under
 * that key, and a list of groups is not a list of solutions.
 */
export const answerGroupsQueryKey = (taskId: number) => ['answer-groups', taskId] as const;

/** GET /api/tasks/{id}/answer-groups: the task's equal typed answers still waiting, largest group first. */
export function getAnswerGroups(taskId: number): Promise<AnswerGroup[]> {
  return apiRequest(`/api/tasks/${taskId}/answer-groups`, {}, answerGroupsSchema);
}

export function useAnswerGroups(taskId: number | null) {
  return useQuery(
    queryOptions({ queryKey: answerGroupsQueryKey(taskId ?? 0), queryFn: () => getAnswerGroups(taskId!), enabled: taskId !== null }),
  );
}
