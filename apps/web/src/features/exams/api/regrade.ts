import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Grades every sheet of the exam again. */
export const useRegrade = () => useApiMutation(wlExamApi.regrade, { invalidates: EXAM_AREA });
