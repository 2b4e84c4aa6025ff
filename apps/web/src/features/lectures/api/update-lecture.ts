import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Edits a lecture; future sessions follow a changed timetable. */
export const useUpdateLecture = () => useApiMutation(lecturesApi.update, { invalidates: LECTURE_AREA, errorToast: false });
