import { scoreLinkApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.ts';

/** The parent's page: no session, so no refresh on 401 and no retries (a gone link stays gone). */
export const useScoreLinkView = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['links', 'score', token],
    queryFn: ({ signal }) => call(scoreLinkApi.view, { params: { token } }, { signal, retryOn401: false, overlay: false }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
