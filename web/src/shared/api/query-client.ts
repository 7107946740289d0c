import { QueryClient } from '@tanstack/react-query';
import { isTransient } from './api-error';

/** Spec §9: fetched results expire after 10 minutes. */
export const RESULT_LIFETIME_MS = 10 * 60 * 1000;

/** `retries: false` is for tests, where a failure should show at once. */
export function createQueryClient({ retries = true }: { retries?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: RESULT_LIFETIME_MS,
        gcTime: RESULT_LIFETIME_MS,
        retry: (failureCount, error) => retries && failureCount < 1 && isTransient(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
