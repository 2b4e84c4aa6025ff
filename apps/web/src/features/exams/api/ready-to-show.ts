import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Releases an exam to students and parents (공개), or hides it again. */
export const useReadyToShow = () => useApiMutation(wlExamApi.readyToShow, { invalidates: EXAM_AREA });
