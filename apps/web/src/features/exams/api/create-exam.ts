import { examsApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Makes an exam in a session: from a template, from a pasted key, or with just a max score. */
export const useCreateExam = () => useApiMutation(examsApi.create, { invalidates: EXAM_AREA, errorToast: false });
