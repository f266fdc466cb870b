import type { Task } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asList } from '../../../lib/response-shape';

export const myTasksQueryKey = ['tasks', 'mine'] as const;

// The server builds this answer from the shared schema (and its serializer is compiled from it):
// the arena's reads are not parsed again with zod (only their shape is checked), so the arena
// does not download zod.
/** GET /api/tasks/mine: the tasks of the student's group. */
export function getMyTasks(): Promise<Task[]> {
  return apiRequest('/api/tasks/mine').then(asList<Task>);
}

export const myTasksQueryOptions = () => queryOptions({ queryKey: myTasksQueryKey, queryFn: getMyTasks });

export function useMyTasks() {
  return useQuery(myTasksQueryOptions());
}
