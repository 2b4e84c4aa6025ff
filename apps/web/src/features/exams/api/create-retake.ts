import { retakesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** A retake for an exam (its own key, or the exam's). */
export const useCreateRetake = () => useApiMutation(retakesApi.create, { invalidates: EXAM_AREA, errorToast: false });
