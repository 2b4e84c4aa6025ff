import { omrApi } from '@academy/contracts/omr';
import { useApiMutation } from '../../../lib/api.ts';
import { OMR_AREA } from './tags.ts';

/** Writes the confirmed sheets of a batch as scores. */
export const useApplyBatch = () => useApiMutation(omrApi.apply, { invalidates: OMR_AREA });
