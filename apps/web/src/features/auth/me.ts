import type { Me } from '@academy/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';

export type MeWithPhone = Me & { phone: string | null };

/** GET /api/auth/me — the signed-in account (id, name, phone). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => api.get<MeWithPhone>('/auth/me', { signal }),
    staleTime: 5 * 60_000,
  });
