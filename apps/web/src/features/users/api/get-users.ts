import { userSchema, type User } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

/** GET /api/users (teacher): every account with its groups. */
export function getUsers(): Promise<User[]> {
  return apiRequest('/api/users', {}, z.array(userSchema));
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
