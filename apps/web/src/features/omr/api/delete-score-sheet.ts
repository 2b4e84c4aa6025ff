import { scoresApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { OMR_AREA } from './tags.ts';

/** Deletes a score's OMR sheet (image and bubble values) and clears the answers it gave. */
export const useDeleteScoreSheet = () => useApiMutation(scoresApi.deleteOmr, { invalidates: OMR_AREA });
