import { examsApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Deletes an exam with its scores (kept in the audit trail). */
export const useDeleteExam = () => useApiMutation(examsApi.delete, { invalidates: EXAM_AREA });
