import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';

/** Sets students' passwords to the initial one (or the one given); their sessions end. */
export const useResetStudentPasswords = () => useApiMutation(studentsApi.batchChangePassword);
