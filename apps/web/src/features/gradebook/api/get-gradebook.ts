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
 * The file's name: the group and today's date, so a folder of exports says which is which (issue
 * 49; it was `gradebook-1.csv` for every download of a group). Letters of any script stay.
 */
export function gradebookFileName(groupName: string, format: 'csv' | 'xlsx', today = new Date()): string {
  const group = groupName.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'group';
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `${i18n.t('gradebook.fileName')}-${group}-${date}.${format}`;
}

/**
 * Downloads the gradebook as CSV or XLSX: fetched with the token (a plain link would carry none)
 * and the page's language for the headers, then saved under the group's name and the date.
 */
export async function downloadGradebook(groupId: number, groupName: string, format: 'csv' | 'xlsx'): Promise<void> {
  const response = await fetch(`/api/groups/${groupId}/gradebook.${format}`, {
    headers: { Authorization: `Bearer ${getToken()}`, 'Accept-Language': i18n.language || 'uk' },
  });
  if (!response.ok) throw await readError(response);
  const name = gradebookFileName(groupName, format);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
