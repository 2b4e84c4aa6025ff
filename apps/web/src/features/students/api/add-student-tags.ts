import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Puts tags on the selected students (ticked ids, or every student the search found). */
export const useAddStudentTags = () => useApiMutation(studentsApi.addTags, { invalidates: TAG_COUNTS });
