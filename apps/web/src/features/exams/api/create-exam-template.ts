import { examTemplatesApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';

/** A new template; the form shows the server's field errors itself. */
export const useCreateExamTemplate = () => useApiMutation(examTemplatesApi.create, { errorToast: false });
