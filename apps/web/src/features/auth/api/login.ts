import { loginResponseSchema, type LoginRequest } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login: no token sent, and its 401 is a wrong password, not an expired session. */
export async function login(input: LoginRequest): Promise<string> {
  const response = await apiRequest('/api/auth/login', { method: 'POST', body: input, anonymous: true }, loginResponseSchema);
  return response.access_token;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
