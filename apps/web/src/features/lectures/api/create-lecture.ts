import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Creates a lecture; its timetable generates the sessions. */
export const useCreateLecture = () => useApiMutation(lecturesApi.create, { invalidates: LECTURE_AREA, errorToast: false });
