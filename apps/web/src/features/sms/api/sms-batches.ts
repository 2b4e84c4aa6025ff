import { smsApi } from '@academy/contracts/sms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The sends, newest first, with counts per status; refreshed every few seconds while any message is on its way. */
export const smsBatchesQuery = (page: number) => apiQuery(smsApi.batches, { query: { page, size: 10 } });
export const useSmsBatches = (page: number) =>
  useQuery({
    ...smsBatchesQuery(page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((b) => b.counts.queued + b.counts.sending > 0) ? 3000 : false),
  });
