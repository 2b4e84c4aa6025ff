import { authApi } from '@academy/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Whether a reset link still works (and whose, masked). A refused link is an answer, not worth retrying. */
export const resetLinkQuery = (uuid: string) => queryOptions({ ...apiQuery(authApi.checkResetLink, { params: { uuid } }), retry: false });
export const useResetLink = (uuid: string, opts: { enabled: boolean }) => useQuery({ ...resetLinkQuery(uuid), enabled: opts.enabled });
