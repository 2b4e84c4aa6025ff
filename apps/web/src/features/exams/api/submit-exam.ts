import { portalExamsApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';

/** Sends the student's answers (graded at once; the score shows after release). */
export const useSubmitExam = () => useApiMutation(portalExamsApi.submit);
