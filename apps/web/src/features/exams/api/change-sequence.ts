import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Saves the whole order of one session's exams. */
export const useChangeSequence = () => useApiMutation(wlExamApi.changeSequence, { invalidates: EXAM_AREA });
