import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/{id}/owner: the owner hands the school's ownership to another active teacher (204). */
export function transferOwnership(id: number): Promise<unknown> {
  return apiRequest(`/api/users/${id}/owner`, { method: 'POST' });
}

export function useTransferOwnership() {
  return useMutation({ mutationFn: transferOwnership });
}
