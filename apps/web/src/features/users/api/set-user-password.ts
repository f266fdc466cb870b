import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/users/{id}/password: a teacher sets a temporary password for a student. */
export function setUserPassword({ id, password }: { id: number; password: string }): Promise<unknown> {
  return apiRequest(`/api/users/${id}/password`, { method: 'PUT', body: { password } });
}

export function useSetUserPassword() {
  return useMutation({ mutationFn: setUserPassword });
}
