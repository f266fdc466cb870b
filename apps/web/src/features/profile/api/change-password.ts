import { loginResponseSchema, type ChangeOwnPassword } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** PUT /api/users/me/password: other sessions end, so this one stores the fresh token it gets back. */
export async function changeOwnPassword(input: ChangeOwnPassword): Promise<void> {
  const response = await apiRequest('/api/users/me/password', { method: 'PUT', body: input }, loginResponseSchema);
  setSession(response.access_token);
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
