import type { ChangeOwnPassword } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/users/me/password {currentPassword, newPassword}. */
export function changeOwnPassword(input: ChangeOwnPassword): Promise<unknown> {
  return apiRequest('/api/users/me/password', { method: 'PUT', body: input });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
