import { omrApi } from '@academy/contracts/omr';
import { useApiMutation } from '../../../lib/api.ts';

/** Saves confirmed answers (and the student) of one sheet; scores change only on apply. */
export const useConfirmSheet = () => useApiMutation(omrApi.confirm);
