import { examTemplatesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';

/** Saves a template (exams already made from it keep their own key). */
export const useUpdateExamTemplate = () => useApiMutation(examTemplatesApi.update, { errorToast: false });
