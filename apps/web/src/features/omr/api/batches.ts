import { omrApi } from '@academy/contracts/omr';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The session's OMR batches, newest first. */
export const omrBatchesQuery = (lectureId: number, wlId: number) => apiQuery(omrApi.list, { params: { id: lectureId, wlId } });
export const useOmrBatches = (lectureId: number, wlId: number) => useQuery(omrBatchesQuery(lectureId, wlId));
