import { centerApi } from '@academy/contracts/center';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The center's name and open courses with their teachers (public, no sign-in). */
export const publicCenterQuery = () => queryOptions({ ...apiQuery(centerApi.info), staleTime: 10 * 60_000 });
export const usePublicCenter = () => useQuery(publicCenterQuery());
