import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Copies an exam into other sessions (other lectures too), optionally linked to it. */
export const useCopyExam = () => useApiMutation(wlExamApi.copy, { invalidates: EXAM_AREA });
