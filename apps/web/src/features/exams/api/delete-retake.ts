import { retakesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Deletes a retake. */
export const useDeleteRetake = () => useApiMutation(retakesApi.delete, { invalidates: EXAM_AREA });
