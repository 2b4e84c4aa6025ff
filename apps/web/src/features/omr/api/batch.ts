import { omrApi } from '@academy/contracts/omr';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One batch with its sheets. */
export const omrBatchQuery = (batchId: number) => apiQuery(omrApi.batch, { params: { batchId } });
export const useOmrBatch = (batchId: number | null) =>
  useQuery({
    ...omrBatchQuery(batchId ?? 0),
    enabled: batchId !== null,
    // Progress comes as realtime events; a slow look now and then covers an event lost to a reconnect.
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'reading' ? 5000 : false),
  });
