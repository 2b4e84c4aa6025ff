import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Ends enrolments; past records stay. */
export const useUnenrolStudents = () => useApiMutation(lecturesApi.unenrol, { invalidates: LECTURE_AREA });
