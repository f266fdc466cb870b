import type { LoginRequest } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';

/**
 * The login page's first load carries no zod: the contract and the fetch client (which parses
 * error bodies with it) arrive with the first submit, or earlier when the form gets focus.
 */
export const loadLoginContract = () => Promise.all([import('@mathclub/shared'), import('../../../lib/api-client')]);

/** POST /api/auth/login: no token sent, and its 401 is a wrong password, not an expired session. */
export async function login(input: LoginRequest): Promise<string> {
  const [{ loginResponseSchema }, { apiRequest }] = await loadLoginContract();
  const response = await apiRequest('/api/auth/login', { method: 'POST', body: input, anonymous: true }, loginResponseSchema);
  return response.access_token;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
