import type { Gradebook, GradebookWeek } from '@mathclub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, readError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';

export const gradebookQueryKey = ['gradebook'] as const;

/** GET /api/groups/{id}/gradebook: students × tasks with every pair's state (PRODUCT.md §11). */
export function useGradebook(groupId: number | undefined) {
  return useQuery({
    queryKey: [...gradebookQueryKey, groupId],
    queryFn: () => apiRequest<Gradebook>(`/api/groups/${groupId}/gradebook`),
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/groups/{id}/gradebook/weeks: solutions per week for the chart. */
export function useGradebookWeeks(groupId: number | undefined) {
  return useQuery({
    queryKey: [...gradebookQueryKey, groupId, 'weeks'],
    queryFn: () => apiRequest<GradebookWeek[]>(`/api/groups/${groupId}/gradebook/weeks`),
    enabled: groupId !== undefined,
  });
}

/**
 * Downloads the gradebook as CSV or XLSX: fetched with the token (a plain link would carry none)
 * and the page's language for the headers, then saved under the server's file name.
 */
export async function downloadGradebook(groupId: number, format: 'csv' | 'xlsx'): Promise<void> {
  const response = await fetch(`/api/groups/${groupId}/gradebook.${format}`, {
    headers: { Authorization: `Bearer ${getToken()}`, 'Accept-Language': i18n.language || 'uk' },
  });
  if (!response.ok) throw await readError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `gradebook-${groupId}.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
