import { examTemplatesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';

/** Deletes a template (admin); exams made from it stay. */
export const useDeleteExamTemplate = () => useApiMutation(examTemplatesApi.delete);
