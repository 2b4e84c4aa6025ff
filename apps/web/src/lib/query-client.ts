import { MutationCache, QueryClient } from '@tanstack/react-query';
import { resourceChanged } from './resource-changes.ts';
import { ApiError, errorMessage } from './http.ts';
import { toast } from './toast.ts';

const MAX_RETRIES = 3;

/** SPEC §9: exponential back-off, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Retries up to three times, but not answers that will not change on retry (4xx: bad input, no access). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

/**
 * The one place a failed write is reported: every mutation's error becomes a toast with the
 * server's Korean message, unless the mutation says `meta: { errorToast: false }` because it
 * shows the error itself (a form marking its fields).
 */
function reportingMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.errorToast === false) return;
      toast.error(errorMessage(error));
    },
  });
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    mutationCache: reportingMutationCache(),
    defaultOptions: {
      // Requests still go out while the browser reports offline: the failure raises the disconnect toast
      // (SPEC §2) instead of a click that silently waits; query retries pause until the network is back.
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60_000, staleTime: 10_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Invalidating a GraphQL resource's queries (['gql', resource, …]) must reach the server, past urql's document cache.
  client.getQueryCache().subscribe((event) => {
    const [root, resource] = event.query.queryKey;
    if (event.type === 'updated' && event.action.type === 'invalidate' && root === 'gql' && typeof resource === 'string') resourceChanged(resource);
  });
  return client;
}

export const queryClient = createQueryClient();
