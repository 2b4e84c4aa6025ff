import { omrApi } from '@academy/contracts/omr';
import { apiQuery } from '../../../lib/api.ts';

/** What applying a batch would do: each ready sheet's student with the score the grid holds now. */
export const applyPreviewQuery = (batchId: number) => ({ ...apiQuery(omrApi.applyPreview, { params: { batchId } }), staleTime: 0 });
