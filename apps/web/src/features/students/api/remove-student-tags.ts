import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Takes tags off the selected students (ticked ids, or every student the search found). */
export const useRemoveStudentTags = () => useApiMutation(studentsApi.removeTags, { invalidates: TAG_COUNTS });
