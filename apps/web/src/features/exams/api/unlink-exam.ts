import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Takes an exam out of its link group. */
export const useUnlinkExam = () => useApiMutation(wlExamApi.unlink, { invalidates: EXAM_AREA });
