import { signInWarningsSchema, type SignInWarning } from '@mathclub/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const signInWarningsQueryKey = ['users', 'sign-in-warnings'] as const;

/** GET /api/users/sign-in-warnings (teacher): accounts with many failed sign-ins in the last 24 h. */
export function getSignInWarnings(): Promise<SignInWarning[]> {
  return apiRequest('/api/users/sign-in-warnings', {}, signInWarningsSchema);
}

/** Read again whenever the Students page is opened: the counts change without anyone saving anything. */
export function useSignInWarnings() {
  return useQuery({ queryKey: signInWarningsQueryKey, queryFn: getSignInWarnings, staleTime: 0, refetchOnMount: 'always' });
}
