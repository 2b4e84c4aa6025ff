import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Enrols students: they join every session from today on. */
export const useEnrolStudents = () => useApiMutation(lecturesApi.enrol, { invalidates: LECTURE_AREA });
