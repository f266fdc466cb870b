import { MIN_LOADING_MS, type SignUpInput, type User } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withMinDuration } from '../../../lib/min-delay';

/**
 * POST /api/users: public sign-up; the account starts inactive, unless it came through a join link
 * of a group that activates such sign-ups (PRODUCT.md §13).
 */
export function signUp(input: SignUpInput): Promise<User> {
  return apiRequest<User>('/api/users', { method: 'POST', body: { ...input, activated: false } });
}

/** The form shows its loading state for at least MIN_LOADING_MS (SEED.md §4). */
export function useSignUp() {
  return useMutation({ mutationFn: (input: SignUpInput) => withMinDuration(signUp(input), MIN_LOADING_MS) });
}
