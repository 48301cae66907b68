import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (validation, permission, session) will not succeed by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.code !== 0) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
