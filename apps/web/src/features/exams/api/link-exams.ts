import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Links exams other classes sat (one ranking, one set of statistics). */
export const useLinkExams = () => useApiMutation(wlExamApi.link, { invalidates: EXAM_AREA });
