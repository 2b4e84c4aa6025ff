import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** A new answer key: every sheet with answers is graded again on the server. */
export const useSetAnswers = () => useApiMutation(wlExamApi.setAnswers, { invalidates: EXAM_AREA, errorToast: false });
