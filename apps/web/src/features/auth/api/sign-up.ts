import { MIN_LOADING_MS, type SignUpInput } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withMinDuration } from '../../../lib/min-delay';

/** POST /api/users: public sign-up; the account starts inactive. */
export function signUp(input: SignUpInput): Promise<unknown> {
  return apiRequest('/api/users', { method: 'POST', body: { ...input, activated: false } });
}

/** The form shows its loading state for at least MIN_LOADING_MS (SEED.md §4). */
export function useSignUp() {
  return useMutation({ mutationFn: (input: SignUpInput) => withMinDuration(signUp(input), MIN_LOADING_MS) });
}
