import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api';

/** Server state lives here only. Client errors (4xx) are not retried: asking again will not help. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => (!isApiError(error) || error.status === 0 || error.status >= 500) && failures < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
