import { MutationCache, QueryClient } from '@tanstack/react-query';
import { resourceChanged } from './resource-changes.ts';
import { errorMessage } from './http.ts';
import { retryDelay, shouldRetry } from './retry.ts';
import { toast } from './toast.ts';

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
