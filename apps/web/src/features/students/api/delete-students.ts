import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Hides students (records kept; an admin can restore them). */
export const useDeleteStudents = () => useApiMutation(studentsApi.delete, { invalidates: TAG_COUNTS });
