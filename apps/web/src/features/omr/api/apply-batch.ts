import { omrApi } from '@academy/contracts/omr';
import { useApiMutation } from '../../../lib/api.ts';
import { OMR_AREA } from './tags.ts';

/**
 * Writes the confirmed sheets of a batch as scores, with the TA's choice for each student who
 * already had a different score. A refusal (a score typed meanwhile) is for the apply dialog to show.
 */
export const useApplyBatch = () => useApiMutation(omrApi.apply, { invalidates: OMR_AREA, errorToast: false });
