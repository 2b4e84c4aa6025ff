import { examsApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { EXAM_AREA } from './tags.ts';

/** Sets an exam's cutline; the clinic statuses follow on the server. */
export const useSetCutline = () => useApiMutation(examsApi.setCutline, { invalidates: EXAM_AREA, errorToast: false });
