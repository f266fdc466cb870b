import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-error';

/** A 4xx will not change on retry; a network blip might. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache: the providers hand it to React, route loaders prefetch into it. */
export const queryClient = createQueryClient();
