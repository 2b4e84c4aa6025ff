import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Adds a 보강/특강 session; the roster joins it. */
export const useCreateSpecialSession = () => useApiMutation(weeklyLecturesApi.createSpecial, { invalidates: LECTURE_AREA, errorToast: false });
