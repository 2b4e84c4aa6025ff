import { retakesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Maps a retake to its original exam. */
export const useMapRetake = () => useApiMutation(retakesApi.map, { invalidates: EXAM_AREA });
