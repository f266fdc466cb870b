import { taskSchema, type Task } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const myTasksQueryKey = ['tasks', 'mine'] as const;

/** GET /api/tasks/mine: the tasks of the student's group. */
export function getMyTasks(): Promise<Task[]> {
  return apiRequest('/api/tasks/mine', {}, z.array(taskSchema));
}

export const myTasksQueryOptions = () => queryOptions({ queryKey: myTasksQueryKey, queryFn: getMyTasks });

export function useMyTasks() {
  return useQuery(myTasksQueryOptions());
}
