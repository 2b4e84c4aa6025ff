import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Changes a student's profile, state or tags (a tag list replaces the student's tags). */
export const useUpdateStudent = (opts: { errorToast?: false } = {}) => useApiMutation(studentsApi.update, { invalidates: TAG_COUNTS, ...opts });
