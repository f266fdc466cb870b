import { teacherTaskSchema, type TeacherTask } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const tasksQueryKey = ['tasks'] as const;

/** GET /api/tasks: the tasks of the teacher's groups, newest first, with their counts. */
export function getTasks(): Promise<TeacherTask[]> {
  return apiRequest('/api/tasks', {}, z.array(teacherTaskSchema));
}

export const tasksQueryOptions = () => queryOptions({ queryKey: tasksQueryKey, queryFn: getTasks });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
