import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Brings deleted students back. */
export const useRestoreStudents = () => useApiMutation(studentsApi.restore, { invalidates: TAG_COUNTS });
