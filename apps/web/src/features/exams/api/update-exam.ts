import { examsApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Saves an exam's settings (title, cutline, grades, online submission). */
export const useUpdateExam = () => useApiMutation(examsApi.update, { invalidates: EXAM_AREA, errorToast: false });
