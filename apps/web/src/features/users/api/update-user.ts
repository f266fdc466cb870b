import { userSchema, type User } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/users/{id}: the whole user is sent back with the changed fields (SEED.md §4). */
export function updateUser(user: User): Promise<User> {
  const { id, ...fields } = user;
  return apiRequest(`/api/users/${id}`, { method: 'PUT', body: fields }, userSchema);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
