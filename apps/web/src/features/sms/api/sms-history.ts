import { smsApi } from '@academy/contracts/sms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { historyQuery } from '@academy/contracts/sms';
import { apiQuery } from '../../../lib/api.ts';

export type SmsHistoryFilter = z.input<typeof historyQuery>;

/** Messages with a status per recipient; refreshed every few seconds while any is on its way. */
export const smsHistoryQuery = (filter: SmsHistoryFilter) => apiQuery(smsApi.history, { query: filter });
export const useSmsHistory = (filter: SmsHistoryFilter) =>
  useQuery({
    ...smsHistoryQuery(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((m) => m.status === 'queued' || m.status === 'sending') ? 3000 : false),
  });
