import { QueryClient } from '@tanstack/react-query';

/**
 * The shared defaults: data never goes stale, no refetch on window focus, no polling,
 * no retries for queries or mutations, garbage collection after 5 minutes. Screens that need fresh data
 * (availability) override this per query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      gcTime: 5 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
