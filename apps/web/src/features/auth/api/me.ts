import { authApi } from '@academy/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The signed-in account (id, name, phone); it rarely changes, so it is kept for five minutes. */
export const meQuery = () => queryOptions({ ...apiQuery(authApi.me), staleTime: 5 * 60_000 });
export const useMe = () => useQuery(meQuery());
