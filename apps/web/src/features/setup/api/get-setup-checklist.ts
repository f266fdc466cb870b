import { setupChecklistSchema, type SetupChecklist } from '@mathclub/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const setupChecklistQueryKey = ['school', 'checklist'] as const;

/** GET /api/school/checklist (owner): which first-run steps the school's data shows as done. */
export function getSetupChecklist(): Promise<SetupChecklist> {
  return apiRequest('/api/school/checklist', {}, setupChecklistSchema);
}

/**
 * Read again on every page of the teacher area (`page` in the key): a step done on one page
 * (a group created, a task posted) is ticked off when the next one opens, without a reload.
 */
export function useSetupChecklist(page: string, enabled: boolean) {
  return useQuery({ queryKey: [...setupChecklistQueryKey, page], queryFn: getSetupChecklist, enabled, staleTime: 0 });
}
